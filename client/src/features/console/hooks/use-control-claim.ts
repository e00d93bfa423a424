import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { messages } from '../../../i18n';
import type { AppError } from '../../../lib/errors';
import { commandError } from '../../../lib/timer-sync';
import { useTRPCClient } from '../../../lib/trpc';
import { claimControl, controlKeySchema } from '../api/claim-control';
import { rememberControlKey } from '../control-key';
import { useClaimStore, type ClaimStatus } from '../stores/claim.store';

export type { ClaimStatus };

function keyFromHash(hash: string): string | null {
  const match = /(?:^#|&)key=([^&]+)/.exec(hash);
  if (!match?.[1]) return null;
  try {
    const parsed = controlKeySchema.safeParse(decodeURIComponent(match[1]));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Opening a control link `/timer/manage/<shortid>#key=<controlKey>`: the key is taken out of
 * the URL at once (the fragment never reaches a server or its logs), exchanged for the httpOnly
 * control cookie (`timer.claimControl`), and remembered in this browser for the info page.
 * The outcome lives in a store, so it survives the route remounting.
 */
export function useControlClaim(shortid: string): { status: ClaimStatus; error: AppError | null } {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const client = useTRPCClient();
  const key = keyFromHash(location.hash);
  const entry = useClaimStore((s) => s.claims[shortid]);
  const setEntry = useClaimStore((s) => s.set);

  useEffect(() => {
    if (!key) return;
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    setEntry(shortid, { status: 'claiming', error: null });
    claimControl(client, shortid, key)
      .then(async (result) => {
        rememberControlKey(result.timerId, key);
        await queryClient.invalidateQueries();
        setEntry(shortid, { status: 'claimed', error: null });
        toast.success(messages.consolePage.claimed);
      })
      .catch((failure: unknown) => setEntry(shortid, { status: 'failed', error: commandError(failure) }));
  }, [client, key, location.pathname, location.search, navigate, queryClient, setEntry, shortid]);

  // While the key is still in the URL the claim is about to start.
  if (key) return { status: 'claiming', error: null };
  return entry ?? { status: 'none', error: null };
}
