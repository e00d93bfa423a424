import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { schedulePageView } from '../../../lib/analytics/tracker';

/** Sends a page view 250 ms after the page finishes loading, and after every navigation. Mount once, at the root. */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  useEffect(() => schedulePageView(), [pathname, search]);
}
