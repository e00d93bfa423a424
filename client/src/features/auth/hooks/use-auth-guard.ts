import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTRPC } from '../../../lib/api/trpc';
import { useAuthConfig, useMe } from '../api/auth-queries';
import { saveRedirectPath } from '../browser-cookies';
import { consoleShortId, isProtectedPath, type ProtectionRules } from '../path-matcher';

/** The hub's default rules (AUTH_PROTECTED_PATHS), used until `auth.config` answers. */
const DEFAULT_RULES: ProtectionRules = {
  protectedPaths: [
    '/home',
    '/record',
    '/workbench/**',
    '/ccf/**',
    '/admin/**',
    '/buy/verify',
    '/buy/invoice',
  ],
  excludedPaths: [],
  loginPath: '/auth/login',
  callbackPath: '/auth/callback',
};

/** Why the guard sent a visitor to the login page (navigation state), when it was a console. */
export interface LoginReason {
  reason: 'control';
  /** The console path asked for. */
  from: string;
}

/** What the guard decided for the current location. */
export type GuardState = 'pass' | 'wait' | 'redirect';

/** A control link carries its key in the fragment (or query): the console needs it first. */
function carriesControlKey(search: string, hash: string): boolean {
  return /(?:^|[?#&])key=/.test(search) || /(?:^|[#&])key=/.test(hash);
}

/**
 * The global auth redirect (SPEC §2): on a protected path an anonymous visitor is sent to the
 * login path, and — when the redirect-cookie option is on — the full requested path (path,
 * query, hash) is saved in `<prefix>-redirect-path` to come back to after signing in. The
 * console of a timer an account owns is protected the same way when the visitor has no role
 * there. This is the browser's courtesy; the hub enforces every permission on its own.
 */
export function useAuthGuard(): GuardState {
  const location = useLocation();
  const navigate = useNavigate();
  const trpc = useTRPC();
  const config = useAuthConfig();
  const me = useMe();
  const shortid = consoleShortId(location.pathname);
  const checkConsole = shortid !== null && !carriesControlKey(location.search, location.hash);
  const timer = useQuery({
    ...trpc.timer.get.queryOptions({ id: shortid ?? '' }),
    enabled: checkConsole && me.data === null,
    retry: false,
  });

  // Until the hub's rules arrive, the defaults decide whether to wait: public pages (landing,
  // projector displays) never block on the hub.
  const rules = config.data ?? DEFAULT_RULES;
  let state: GuardState = 'pass';
  if (isProtectedPath(location.pathname, rules)) {
    if (me.isPending || (config.isPending && !config.data)) state = 'wait';
    else if (me.data === null) state = 'redirect';
  } else if (checkConsole) {
    if (me.isPending || (me.data === null && timer.isPending)) state = 'wait';
    // A refetch under way may be about to say this browser has control now (a control link was
    // just claimed): wait for it rather than send the visitor to sign in on stale facts.
    else if (me.data === null && timer.data?.owned && timer.data.role === 'viewer')
      state = timer.isFetching ? 'wait' : 'redirect';
  }

  const fullPath = `${location.pathname}${location.search}${location.hash}`;
  const configSettled = !config.isPending;
  const prefix = config.data?.cookiePrefix ?? 'bs';
  const remember = config.data?.redirectCookie ?? true;
  const loginPath = config.data?.loginPath ?? '/auth/login';
  useEffect(() => {
    // The cookie's name and whether to set it come with the config: wait for it.
    if (state !== 'redirect' || !configSettled) return;
    if (remember) saveRedirectPath(prefix, fullPath);
    // A console asks for control: the login page says so, and offers a control link instead.
    void navigate(loginPath, {
      replace: true,
      ...(checkConsole ? { state: { reason: 'control', from: fullPath } satisfies LoginReason } : {}),
    });
  }, [state, configSettled, remember, prefix, fullPath, loginPath, navigate, checkConsole]);
  return state;
}
