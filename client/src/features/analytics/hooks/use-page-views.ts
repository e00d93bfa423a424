import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PAGE_VIEW_DELAY_MS } from '../analytics';
import { track } from '../tracker';

/** Sends a page view 250 ms after every navigation settles. Mount once, at the root. */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const timer = window.setTimeout(() => track(), PAGE_VIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, search]);
}
