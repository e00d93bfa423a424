import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { auth as authText } from '../../../i18n/zh-CN/auth';
import { useAuthConfig } from '../api/auth-queries';
import { takeRedirectPath } from '../browser-cookies';
import { StatusCard } from './status-card';

/** Where to go when nothing was saved. */
export const AFTER_SIGN_IN_PATH = '/home';

/** /auth/redirect: goes back to the path saved before signing in (or /home), once. */
export function RedirectPage() {
  const config = useAuthConfig();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || config.isPending) return;
    done.current = true;
    const saved =
      config.data?.redirectCookie === false ? null : takeRedirectPath(config.data?.cookiePrefix ?? 'bs');
    void navigate(saved ?? AFTER_SIGN_IN_PATH, { replace: true });
  }, [config.isPending, config.data, navigate]);
  return <StatusCard title={authText.redirect.working} busy />;
}
