import { useEffect } from 'react';
import { messages } from '../../../i18n';
import { env } from '../../../lib/env';
import { checkForUpdate, UPDATE_POLL_INTERVAL_MS } from '../check-for-update';

const t = messages.update;

/**
 * Polls for a newer build every 10 minutes and when the window regains focus; offers a reload
 * in a toast (once per new build id). Mount once, at the root.
 */
export function useUpdateNotice(): void {
  useEffect(() => {
    let announced: string | undefined;
    let inFlight = false;
    const check = async () => {
      if (inFlight) return;
      inFlight = true;
      const result = await checkForUpdate(env.buildId, (url, init) => fetch(url, init), Date.now());
      inFlight = false;
      if (result.kind !== 'update' || result.id === announced) return;
      announced = result.id;
      // sonner loads only when there is something to say: it is not in any page's first download.
      const { toast } = await import('sonner');
      toast.info(t.available, {
        id: 'update-notice',
        description: t.description,
        duration: Infinity,
        action: { label: t.reload, onClick: () => window.location.reload() },
        // A full load of /changelog also loads the new build.
        cancel: { label: t.changelog, onClick: () => window.location.assign('/changelog') },
      });
    };
    const interval = window.setInterval(check, UPDATE_POLL_INTERVAL_MS);
    window.addEventListener('focus', check);
    return () => {
      window.clearInterval(interval);
      window.removeEventListener('focus', check);
    };
  }, []);
}
