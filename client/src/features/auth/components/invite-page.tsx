import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { dateTimeFormat, format } from '../../../i18n';
import { auth as authText } from '../../../i18n/zh-CN/auth';
import { useAcceptInvite, useAuthConfig, useInvitePreview, useMe } from '../api/auth-queries';
import { authErrorMessage } from '../auth-errors';
import { saveRedirectPath } from '../browser-cookies';
import { StatusCard } from './status-card';

const t = authText.invite;

/**
 * /timer/invite/:token (logo-blank): an invite link to a timer with a role (a judge link is an
 * invite with role judge). Accepting needs an account; anonymous visitors sign in and return here.
 */
export function InvitePage() {
  const { token = '' } = useParams();
  const preview = useInvitePreview(token);
  const me = useMe();
  const config = useAuthConfig();
  const accept = useAcceptInvite();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);

  if (preview.isPending || me.isPending) return <StatusCard title={t.title} busy />;
  if (preview.isError || !preview.data) return <StatusCard title={t.invalid} lead={t.lead} />;

  if (accept.data) {
    return (
      <StatusCard
        title={format(t.accepted, { name: preview.data.timerName })}
        lead={`${t.role}：${authText.roles[accept.data.role]}`}
      >
        <Link to={`/timer/manage/${accept.data.shortid}`} className="btn btn--primary">
          {t.openConsole}
        </Link>
        <Link to={`/timer/${accept.data.timerId}`} className="btn btn--ghost">
          {t.openDisplay}
        </Link>
      </StatusCard>
    );
  }

  const signIn = () => {
    if (config.data?.redirectCookie !== false)
      saveRedirectPath(
        config.data?.cookiePrefix ?? 'bs',
        `${location.pathname}${location.search}${location.hash}`,
      );
    void navigate('/auth/login');
  };

  return (
    <StatusCard title={t.title} lead={t.lead}>
      <dl className="auth-invite">
        <dt>{t.timer}</dt>
        <dd>{preview.data.timerName}</dd>
        <dt>{t.role}</dt>
        <dd>{authText.roles[preview.data.role]}</dd>
        <dt>{t.expires}</dt>
        <dd>{dateTimeFormat.format(new Date(preview.data.expiresAt))}</dd>
      </dl>
      {error ? (
        <p className="auth-form__error" role="alert">
          {error}
        </p>
      ) : null}
      {me.data ? (
        <button
          type="button"
          className="btn btn--primary"
          disabled={accept.isPending}
          onClick={() =>
            accept.mutate({ token }, { onError: (caught) => setError(authErrorMessage(caught)) })
          }
        >
          {t.accept}
        </button>
      ) : (
        <button type="button" className="btn btn--primary" onClick={signIn}>
          {t.signInFirst}
        </button>
      )}
    </StatusCard>
  );
}
