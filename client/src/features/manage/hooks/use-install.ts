import { useEffect, useState } from 'react';

/** The browser's install prompt (Chromium's `beforeinstallprompt`). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

/** Where the web app manifest and the service worker are served (client/public). */
export const PWA = { manifest: '/manifest.webmanifest', serviceWorker: '/sw.js' } as const;

/**
 * Links the manifest, registers the service worker that caches the app shell (telling it which
 * built files this page loaded) and exposes the browser's install prompt when it offers one.
 */
export function useInstall() {
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!document.querySelector('link[rel="manifest"]')) {
      const link = document.createElement('link');
      link.rel = 'manifest';
      link.href = PWA.manifest;
      document.head.appendChild(link);
    }
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPrompt(event as InstallPromptEvent);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    if ('serviceWorker' in navigator && window.isSecureContext) {
      void navigator.serviceWorker
        .register(PWA.serviceWorker)
        .then(() => navigator.serviceWorker.ready)
        .then((registration) => {
          const urls = performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name).pathname)
            .filter((path) => path.startsWith('/assets/'));
          registration.active?.postMessage({ type: 'cache-urls', urls });
          setReady(true);
        })
        .catch(() => undefined);
    }
    return () => window.removeEventListener('beforeinstallprompt', onPrompt);
  }, []);
  const install = async () => {
    if (!prompt) return;
    await prompt.prompt();
    setPrompt(null);
  };
  return { canInstall: prompt !== null, install, ready };
}
