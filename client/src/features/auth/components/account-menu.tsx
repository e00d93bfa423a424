import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { messages } from '../../../i18n';
import { auth as authText } from '../../../i18n/zh-CN/auth';
import { useMe, useResetAccountCache, useSignOutEverywhere } from '../api/auth-queries';
import { authErrorMessage } from '../auth-errors';
import { useSignOutFlow } from '../hooks/use-sign-out';
import '../auth.css';

const t = authText.menu;

/** Where a signed-in account works, in the menu's order; admins get the admin screens too. */
const PLACES = [
  { to: '/home', label: t.home },
  { to: '/workbench', label: t.workbench },
  { to: '/ccf', label: t.ccf },
  { to: '/ai/ccf', label: t.aiCcf },
  { to: '/account/tokens', label: t.apiTokens },
] as const;
const ADMIN_PLACES = [
  { to: '/admin/cdkey', label: t.adminCdkey },
  { to: '/admin/ai', label: t.adminAi },
  { to: '/admin/topics', label: t.adminTopics },
  { to: '/admin/analytics', label: t.adminAnalytics },
] as const;

/** The header's account corner: 登录 for visitors, a menu for signed-in accounts. */
export function AccountMenu({ loginClassName }: { loginClassName: string }) {
  const me = useMe();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const everywhere = useSignOutEverywhere();
  const reset = useResetAccountCache();
  const flow = useSignOutFlow();

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (!me.data) {
    return (
      <Link to="/auth/login" className={loginClassName}>
        {messages.site.nav.login}
      </Link>
    );
  }
  const user = me.data;
  const name = user.displayName || user.email;
  const signOutEverywhere = () =>
    everywhere.mutate(undefined, {
      onSuccess: async () => {
        await reset();
        toast.success(t.signedOutEverywhere);
        void navigate('/');
      },
      onError: (error) => toast.error(authErrorMessage(error)),
    });
  // A POST (never a link): leave for /auth/logout once the session is over, before the page
  // learns it, so a protected page does not send the visitor to sign in again.
  const signOut = () =>
    void flow
      .signOut(() => navigate('/auth/logout', { state: { signedOut: true } }))
      .catch((error: unknown) => toast.error(authErrorMessage(error)));

  return (
    <div className="account-menu" ref={root}>
      <button
        type="button"
        className="account-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`${t.label}：${name}`}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="account-menu__avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
      </button>
      {open ? (
        <div className="account-menu__panel" role="menu">
          <div className="account-menu__who">
            <strong>{user.displayName || user.email.split('@')[0]}</strong>
            <span>{user.email}</span>
            {user.isAdmin ? (
              <span className="badge badge--primary account-menu__admin">{t.admin}</span>
            ) : null}
          </div>
          {PLACES.map((place) => (
            <Link key={place.to} role="menuitem" to={place.to} className="account-menu__item">
              {place.label}
            </Link>
          ))}
          {user.isAdmin ? (
            <div role="group" aria-label={t.adminGroup} className="account-menu__group">
              <span className="account-menu__heading" aria-hidden="true">
                {t.adminGroup}
              </span>
              {ADMIN_PLACES.map((place) => (
                <Link key={place.to} role="menuitem" to={place.to} className="account-menu__item">
                  {place.label}
                </Link>
              ))}
            </div>
          ) : null}
          <hr className="account-menu__rule" />
          <button
            type="button"
            role="menuitem"
            className="account-menu__item"
            onClick={signOutEverywhere}
            disabled={everywhere.isPending}
          >
            {t.signOutEverywhere}
          </button>
          <button
            type="button"
            role="menuitem"
            className="account-menu__item account-menu__item--danger"
            onClick={signOut}
            disabled={flow.pending}
          >
            {t.signOut}
          </button>
        </div>
      ) : null}
    </div>
  );
}
