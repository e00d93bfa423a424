/** The display's tab names the timer it shows (a projector's tab among others, a bookmark). */
import { useEffect } from 'react';
import { pageTitle } from '../../../lib/page/head';
import { useTimerStore, type TimerStore } from '../../../lib/realtime/timer';

/**
 * Puts the timer's name (the match's title) in the document title once it is known. On the
 * display's own page nothing else sets it (display-main.tsx); inside the site's router the name
 * arrives with the watch, after the route has set its own title.
 */
export function useDisplayTitle(store: TimerStore): void {
  const name = useTimerStore(store, (s) => s.timer?.name ?? '');
  useEffect(() => {
    if (name) document.title = pageTitle(name, window.location.pathname);
  }, [name]);
}
