import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { messages } from '../../../i18n';
import type { AppError } from '../../../lib/errors';
import { commandError } from '../../../lib/timer-sync';
import { controlKeySchema, useClaimControl } from '../api/claim-control';
import { rememberControlKey } from '../control-key';

/** Where claiming a control link stands. */
export type ClaimStatus = 'none' | 'claiming' | 'claimed' | 'failed';

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
 * control cookie, and remembered in this browser for the info page.
 */
export function useControlClaim(shortid: string): { status: ClaimStatus; error: AppError | null } {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const claim = useClaimControl();
  const initialKey = useRef(keyFromHash(location.hash));
  const started = useRef(false);
  const [status, setStatus] = useState<ClaimStatus>(initialKey.current ? 'claiming' : 'none');
  const [error, setError] = useState<AppError | null>(null);

  useEffect(() => {
    const key = initialKey.current;
    if (!key || started.current) return;
    started.current = true;
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    claim.mutate(
      { timerId: shortid, key },
      {
        onSuccess: (result) => {
          rememberControlKey(result.timerId, key);
          setStatus('claimed');
          toast.success(messages.consolePage.claimed);
          void queryClient.invalidateQueries();
        },
        onError: (failure) => {
          setError(commandError(failure));
          setStatus('failed');
        },
      },
    );
  }, [claim, location.pathname, location.search, navigate, queryClient, shortid]);

  return { status, error };
}
