import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { consolePage as consolePageText } from '../../../i18n/zh-CN/console';
import type { AppError } from '../../../lib/api/errors';
import { commandError } from '../../../lib/realtime/timer';
import { useTRPCClient } from '../../../lib/api/trpc';
import { claimControl, controlKeySchema } from '../api/claim-control';
import { forgetLegacyControlKeys, local } from '../../../lib/browser/storage';
import { useClaimStore, type ClaimStatus } from '../../../lib/claim.store';

export type { ClaimStatus };

/** Marks (no secret) a timer whose 已获得控制权限 was already said in this browser. */
const CLAIM_SEEN_PREFIX = 'bianshi:control-claimed:';

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
 * the URL at once (the fragment never reaches a server or its logs) and exchanged for the httpOnly
 * control cookie (`timer.claimControl`). The key itself is not stored in the browser; it stays
 * in memory so a freshly created timer can show its control link once.
 * The outcome lives in a store, so it survives the route remounting.
 */
export function useControlClaim(shortid: string): {
  status: ClaimStatus;
  error: AppError | null;
  controlKey?: string | null;
} {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const client = useTRPCClient();
  const key = keyFromHash(location.hash);
  const entry = useClaimStore((s) => s.claims[shortid]);
  const setEntry = useClaimStore((s) => s.set);

  useEffect(() => forgetLegacyControlKeys(), []);

  useEffect(() => {
    if (!key) return;
    // The key leaves the address once the claim is settled (the fragment never reaches a server):
    // until then the page still carries it, so nothing sends this browser to sign in meanwhile.
    const dropKey = () =>
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    const justCreated = new URLSearchParams(location.search).get('created') === '1';
    setEntry(shortid, { status: 'claiming', error: null });
    claimControl(client, shortid, key)
      .finally(dropKey)
      .then(async (result) => {
        await queryClient.invalidateQueries();
        setEntry(shortid, { status: 'claimed', error: null, controlKey: key });
        // Said once, when this browser first gains control, not on every reopened control link;
        // and not right after creating the timer, where the share panel says it already and a
        // toast would cover its QR code.
        const seen = `${CLAIM_SEEN_PREFIX}${result.timerId}`;
        if (!local.get(seen)) {
          local.set(seen, '1');
          if (!justCreated) toast.success(consolePageText.claimed);
        }
      })
      .catch((failure: unknown) => setEntry(shortid, { status: 'failed', error: commandError(failure) }));
  }, [client, key, location.pathname, location.search, navigate, queryClient, setEntry, shortid]);

  // While the key is still in the URL the claim is about to start.
  if (key) return { status: 'claiming', error: null };
  return entry ?? { status: 'none', error: null };
}
