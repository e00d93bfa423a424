import { useCallback, useEffect, useState, type RefObject } from 'react';

/**
 * Full screen for a projector: whether the browser allows it, whether the page is in it, and a
 * toggle that puts `target` (else the whole page) in full screen or leaves it. The display, the
 * lobby screen and the tournament wall share it.
 */
export function useFullscreen(target?: RefObject<HTMLElement | null>) {
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const [active, setActive] = useState(
    () => typeof document !== 'undefined' && document.fullscreenElement !== null,
  );
  useEffect(() => {
    const update = () => setActive(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void (target?.current ?? document.documentElement).requestFullscreen().catch(() => undefined);
  }, [target]);
  return { supported, active, toggle };
}
