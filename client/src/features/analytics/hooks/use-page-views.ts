import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PAGE_VIEW_DELAY_MS } from '../analytics';
import { track } from '../tracker';

/** Runs `fn` once the page has finished loading (now, if it already has). */
function afterLoad(fn: () => void): () => void {
  if (document.readyState === 'complete') {
    fn();
    return () => {};
  }
  window.addEventListener('load', fn, { once: true });
  return () => window.removeEventListener('load', fn);
}

/** Sends a page view 250 ms after the page finishes loading, and after every navigation. Mount once, at the root. */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    let timer = 0;
    const stop = afterLoad(() => {
      timer = window.setTimeout(() => track(), PAGE_VIEW_DELAY_MS);
    });
    return () => {
      stop();
      window.clearTimeout(timer);
    };
  }, [pathname, search]);
}
