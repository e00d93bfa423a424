import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { afterLoad, PAGE_VIEW_DELAY_MS } from '../analytics';
import { track } from '../tracker';

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
