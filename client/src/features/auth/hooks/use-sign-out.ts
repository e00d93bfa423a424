import { useState } from 'react';
import { useAuthConfig, useResetAccountCache, useSignOut } from '../api/auth-queries';
import { supabaseClient } from '../supabase-client';

/**
 * Signing out of this browser: `auth.signOut` (a tRPC mutation, so a same-origin POST the hub's
 * origin checks guard; a link or a page load can never end a session), then the Supabase
 * session when sign-in goes through Supabase, then everything cached about the account.
 */
export function useSignOutFlow(): {
  signOut: (beforeReset?: () => void | Promise<void>) => Promise<void>;
  pending: boolean;
} {
  const config = useAuthConfig();
  const mutation = useSignOut();
  const reset = useResetAccountCache();
  const [pending, setPending] = useState(false);
  /**
   * `beforeReset` runs once the session is over, before the page learns it (leave a protected
   * page there); when it returns a promise (a navigation to a route still loading), the page
   * learns only once it has settled, or the protected page would send the visitor to sign in.
   */
  const signOut = async (beforeReset?: () => void | Promise<void>) => {
    setPending(true);
    try {
      await mutation.mutateAsync();
      const supabase = config.data?.mode === 'supabase' ? config.data : null;
      if (supabase?.supabaseUrl && supabase.supabaseAnonKey) {
        const client = await supabaseClient(supabase.supabaseUrl, supabase.supabaseAnonKey).catch(() => null);
        await client?.auth.signOut({ scope: 'local' }).catch(() => undefined);
      }
      await beforeReset?.();
      await reset();
    } finally {
      setPending(false);
    }
  };
  return { signOut, pending };
}
