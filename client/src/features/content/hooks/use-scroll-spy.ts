import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a heading chosen in the contents stays current while the page scrolls to it. */
const PIN_MS = 1200;

/**
 * The id of the heading the reader is at: the last one above a line near the top of the
 * viewport. `pin(id)` makes a heading chosen in the contents current at once (the last headings
 * of a short page can never scroll up to that line).
 */
export function useScrollSpy(ids: readonly string[], offsetPx = 120): { active: string | undefined; pin: (id: string) => void } {
  const [active, setActive] = useState<string | undefined>(ids[0]);
  const pinnedUntil = useRef(0);
  const pin = useCallback((id: string) => {
    pinnedUntil.current = performance.now() + PIN_MS;
    setActive(id);
  }, []);
  useEffect(() => {
    if (ids.length === 0) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      if (performance.now() < pinnedUntil.current) return;
      let current = ids[0];
      for (const id of ids) {
        const element = document.getElementById(id);
        if (element && element.getBoundingClientRect().top <= offsetPx) current = id;
      }
      // At the very bottom, the last heading is the one being read.
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) current = ids[ids.length - 1];
      setActive(current);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [ids, offsetPx]);
  return { active, pin };
}
