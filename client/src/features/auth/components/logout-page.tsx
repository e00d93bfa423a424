import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { format, messages } from '../../../i18n';
import { auth as authText } from '../../../i18n/zh-CN/auth';
import { useMe } from '../api/auth-queries';
import { authErrorMessage } from '../auth-errors';
import { useSignOutFlow } from '../hooks/use-sign-out';
import { StatusCard } from './status-card';

const t = authText.logout;

/**
 * /auth/logout (logo-blank): asks before it signs out. Opening the address changes nothing (a
 * link or an embedded image on another site must not end a session); the button signs out with
 * a POST the hub checks for its own origin.
 */
export function LogoutPage() {
  const me = useMe();
  const { signOut, pending } = useSignOutFlow();
  // The account menu signs out first, then comes here to say so.
  const location = useLocation();
  const navigate = useNavigate();
  const arrivedSignedOut = (location.state as { signedOut?: boolean } | null)?.signedOut === true;
  const [done, setDone] = useState(arrivedSignedOut);
  // Said once: coming back to this history entry later asks again.
  useEffect(() => {
    if (arrivedSignedOut) void navigate(location.pathname, { replace: true, state: null });
  }, [arrivedSignedOut, navigate, location.pathname]);
  const [error, setError] = useState<string | null>(null);

  if (!done && me.isPending) return <StatusCard title={messages.site.loading} busy />;
  if (done || !me.data) {
    return (
      <StatusCard title={done ? t.done : t.notSignedIn} lead={done ? t.lead : undefined}>
        <Link to="/" className="btn btn--primary">
          {t.home}
        </Link>
        <Link to="/auth/login" className="btn btn--ghost">
          {t.again}
        </Link>
      </StatusCard>
    );
  }
  const submit = () => {
    setError(null);
    signOut().then(
      () => setDone(true),
      (caught: unknown) => setError(authErrorMessage(caught)),
    );
  };
  return (
    <StatusCard title={t.confirm} lead={format(t.confirmLead, { email: me.data.email })}>
      <button type="button" className="btn btn--danger" onClick={submit} disabled={pending}>
        {pending ? t.working : t.submit}
      </button>
      <Link to="/home" className="btn btn--ghost">
        {t.cancel}
      </Link>
      {error ? (
        <p className="auth-status__error" role="alert">
          {error}
        </p>
      ) : null}
    </StatusCard>
  );
}
