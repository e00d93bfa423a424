/** Screen plumbing for a projector display: wake lock, fullscreen, hiding the idle cursor. */
import { useEffect, useState } from 'react';

/** Keeps the screen awake while mounted; re-acquires the lock when the tab becomes visible again. */
export function useWakeLock(): void {
  useEffect(() => {
    const wakeLock = (
      navigator as Navigator & {
        wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> };
      }
    ).wakeLock;
    if (!wakeLock) return;
    let sentinel: { release(): Promise<void> } | null = null;
    let disposed = false;
    const acquire = () => {
      if (document.visibilityState !== 'visible') return;
      wakeLock
        .request('screen')
        .then((lock) => {
          if (disposed) void lock.release().catch(() => undefined);
          else sentinel = lock;
        })
        .catch(() => undefined); // not allowed (battery saver, no gesture): the screen may sleep
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      disposed = true;
      document.removeEventListener('visibilitychange', acquire);
      void sentinel?.release().catch(() => undefined);
    };
  }, []);
}

export { useFullscreen } from '../../../lib/browser/use-fullscreen';

/** Milliseconds without pointer movement after which the cursor and controls hide. */
export const IDLE_AFTER_MS = 3_000;

/** True after the pointer has been still for {@link IDLE_AFTER_MS}. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let timer = setTimeout(() => setIdle(true), IDLE_AFTER_MS);
    const wake = () => {
      setIdle(false);
      clearTimeout(timer);
      timer = setTimeout(() => setIdle(true), IDLE_AFTER_MS);
    };
    const events = ['pointermove', 'pointerdown', 'keydown', 'touchstart'] as const;
    events.forEach((name) => window.addEventListener(name, wake, { passive: true }));
    return () => {
      clearTimeout(timer);
      events.forEach((name) => window.removeEventListener(name, wake));
    };
  }, []);
  return idle;
}
