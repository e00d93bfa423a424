import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { auth as authText } from '../../../i18n/zh-CN/auth';
import { useOpenEmailLink, useResetAccountCache } from '../api/auth-queries';
import { authErrorMessage } from '../auth-errors';
import { StatusCard } from './status-card';

const t = authText.emailLink;

/** The token of a mailed link: it travels in the fragment (`#token=…`), which no server or log sees. */
export function emailLinkToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[\w-]{20,100}$/.test(token) ? token : null;
}

/**
 * /auth/callback#token=… (logo-blank): where the hub's mailed links land (email verification,
 * 通过邮件登录; the callback page hands them here). The page
 * hands the token to the hub by POST, so a mail scanner that fetches the link cannot use it up;
 * the hub verifies the address and signs this browser in, then /auth/redirect goes on.
 */
export function EmailLinkPage() {
  const open = useOpenEmailLink();
  const reset = useResetAccountCache();
  const navigate = useNavigate();
  const [state, setState] = useState<
    | { kind: 'working' }
    | { kind: 'done'; purpose: 'verify' | 'sign-in' }
    | { kind: 'failed'; message: string }
  >({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = emailLinkToken(window.location.hash);
    // The token is spent once opened: keep it out of the history and of anything copied from the bar.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!token) {
      setState({ kind: 'failed', message: t.missing });
      return;
    }
    void (async () => {
      try {
        const { purpose, user } = await open.mutateAsync({ token });
        await reset(user);
        if (purpose === 'sign-in') void navigate('/auth/redirect', { replace: true });
        else setState({ kind: 'done', purpose });
      } catch (caught) {
        setState({ kind: 'failed', message: authErrorMessage(caught) });
      }
    })();
  }, [open, reset, navigate]);

  if (state.kind === 'working') return <StatusCard title={t.working} busy />;
  if (state.kind === 'done')
    return (
      <StatusCard title={state.purpose === 'verify' ? t.verified : t.signedIn}>
        <Link to="/auth/redirect" replace className="btn btn--primary" data-testid="email-link-continue">
          {t.continue}
        </Link>
      </StatusCard>
    );
  return (
    <StatusCard title={t.failed} lead={state.message}>
      <Link to="/auth/login" className="btn btn--primary">
        {t.retry}
      </Link>
    </StatusCard>
  );
}
