import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { messages } from '../../../i18n';
import { auth as authText } from '../../../i18n/zh-CN/auth';
import { useMe, useResetAccountCache, useSignOutEverywhere } from '../api/auth-queries';
import { authErrorMessage } from '../auth-errors';
import '../auth.css';

const t = authText.menu;

/** The header's account corner: 登录 for visitors, a menu for signed-in accounts. */
export function AccountMenu({ loginClassName }: { loginClassName: string }) {
  const me = useMe();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const everywhere = useSignOutEverywhere();
  const reset = useResetAccountCache();

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false);
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

  return (
    <div className="account-menu" ref={root}>
      <button type="button" className="account-menu__button" aria-haspopup="menu" aria-expanded={open} aria-label={`${t.label}：${name}`} onClick={() => setOpen((value) => !value)}>
        <span className="account-menu__avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
      </button>
      {open ? (
        <div className="account-menu__panel" role="menu">
          <div className="account-menu__who">
            <strong>{user.displayName || user.email.split('@')[0]}</strong>
            <span>{user.email}</span>
            {user.isAdmin ? <span className="badge badge--primary account-menu__admin">{t.admin}</span> : null}
          </div>
          <Link role="menuitem" to="/home" className="account-menu__item">
            {t.home}
          </Link>
          <Link role="menuitem" to="/account/tokens" className="account-menu__item">
            {t.apiTokens}
          </Link>
          <button type="button" role="menuitem" className="account-menu__item" onClick={signOutEverywhere} disabled={everywhere.isPending}>
            {t.signOutEverywhere}
          </button>
          <Link role="menuitem" to="/auth/logout" className="account-menu__item account-menu__item--danger">
            {t.signOut}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
