import { useEffect } from 'react';

/** The web app manifest and service worker that let the console and display load offline. */
export const PWA = { manifest: '/manifest.webmanifest', serviceWorker: '/sw.js' } as const;

/**
 * Links the web app manifest and registers the service worker that caches the app shell, so
 * this console opens again with no network. Harmless where service workers are unavailable.
 */
export function useInstallSupport(): void {
  useEffect(() => {
    if (!document.querySelector(`link[rel="manifest"]`)) {
      const link = document.createElement('link');
      link.rel = 'manifest';
      link.href = PWA.manifest;
      document.head.appendChild(link);
    }
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
        })
        .catch(() => undefined);
    }
  }, []);
}
