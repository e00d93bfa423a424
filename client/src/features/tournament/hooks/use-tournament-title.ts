import { useEffect } from 'react';
import { useHeadOverride } from '../../../lib/page/head';

/** Puts a tournament's name in the document title while the page is open (route titles are generic). */
export function useTournamentTitle(name: string | undefined): void {
  const setTitle = useHeadOverride((s) => s.setTitle);
  useEffect(() => {
    if (!name) return;
    setTitle(name);
    return () => setTitle(undefined);
  }, [name, setTitle]);
}
