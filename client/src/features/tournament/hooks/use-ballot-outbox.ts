import { useEffect, useState, useSyncExternalStore } from 'react';
import { local } from '../../../lib/browser/storage';
import { useTRPCClient } from '../../../lib/api/trpc';
import { isRefusal, tournamentErrorMessage } from '../api/tournament-errors';
import { BallotOutbox, randomSubmissionId, type OutboxState } from '../ballot-outbox';

/**
 * The outbox of one ballot link for this page: ballots stored in localStorage, sent over HTTP
 * with their submission id, retried on the reconnect schedule and as soon as the browser is
 * back online; ballots left from an earlier visit are sent on open.
 */
export function useBallotOutbox(token: string): { outbox: BallotOutbox; state: OutboxState } {
  const client = useTRPCClient();
  const [outbox] = useState(
    () =>
      new BallotOutbox({
        token,
        storage: local,
        send: (pending) =>
          client.tournament.submitBallot.mutate({
            token,
            fixtureId: pending.fixtureId,
            submissionId: pending.submissionId,
            ballot: pending.ballot,
          }),
        classify: (error) => ({ refusal: isRefusal(error), message: tournamentErrorMessage(error) }),
        newId: () => randomSubmissionId(),
        now: () => Date.now(),
        setTimer: (run, ms) => window.setTimeout(run, ms),
        clearTimer: (handle) => window.clearTimeout(handle as number),
      }),
  );
  useEffect(() => {
    const retry = () => void outbox.flush();
    retry();
    window.addEventListener('online', retry);
    return () => {
      window.removeEventListener('online', retry);
      outbox.dispose();
    };
  }, [outbox]);
  const state = useSyncExternalStore(outbox.subscribe, outbox.getState, outbox.getState);
  return { outbox, state };
}
