/** The app shell that lets the display and console load with no network (client/public). */
export const PWA = { manifest: '/manifest.webmanifest', serviceWorker: '/sw.js' } as const;

/** Links the web app manifest once per document. */
export function linkManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = PWA.manifest;
  document.head.appendChild(link);
}

/**
 * Registers the service worker that caches the app shell and tells it which built files this
 * page loaded. Resolves true once it is active; false where service workers are unavailable.
 */
export async function registerAppShell(): Promise<boolean> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return false;
  try {
    await navigator.serviceWorker.register(PWA.serviceWorker);
    const registration = await navigator.serviceWorker.ready;
    const urls = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith('/assets/'));
    registration.active?.postMessage({ type: 'cache-urls', urls });
    return true;
  } catch {
    return false;
  }
}
