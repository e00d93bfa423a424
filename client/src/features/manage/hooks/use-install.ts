import { useEffect, useState } from 'react';
import { linkManifest, registerAppShell } from '../../../lib/loading/pwa';

/** The browser's install prompt (Chromium's `beforeinstallprompt`). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

/**
 * Links the manifest, registers the service worker that caches the app shell (telling it which
 * built files this page loaded) and exposes the browser's install prompt when it offers one.
 */
export function useInstall() {
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    linkManifest();
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPrompt(event as InstallPromptEvent);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    void registerAppShell().then(setReady);
    return () => window.removeEventListener('beforeinstallprompt', onPrompt);
  }, []);
  const install = async () => {
    if (!prompt) return;
    await prompt.prompt();
    setPrompt(null);
  };
  return { canInstall: prompt !== null, install, ready };
}
