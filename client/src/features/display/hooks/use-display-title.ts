/** The display's tab names the timer it shows (a projector's tab among others, a bookmark). */
import { useEffect } from 'react';
import { pageTitle, useHeadOverride } from '../../../lib/head';
import { useTimerStore, type TimerStore } from '../../../lib/timer-sync';

/**
 * Puts the timer's name (the match's title) in the document title while the display is open:
 * directly on the display's own page, and through the head override inside the site's router.
 */
export function useDisplayTitle(store: TimerStore): void {
  const name = useTimerStore(store, (s) => s.timer?.name ?? '');
  const setTitle = useHeadOverride((s) => s.setTitle);
  useEffect(() => {
    if (!name) return;
    document.title = pageTitle(name, window.location.pathname);
    setTitle(name);
    return () => setTitle(undefined);
  }, [name, setTitle]);
}
