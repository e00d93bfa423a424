import { useEffect } from 'react';
import { linkManifest, registerAppShell } from '../../../lib/loading/pwa';

/**
 * Links the web app manifest and registers the service worker that caches the app shell, so
 * this console opens again with no network. Harmless where service workers are unavailable.
 */
export function useInstallSupport(): void {
  useEffect(() => {
    linkManifest();
    void registerAppShell();
  }, []);
}
