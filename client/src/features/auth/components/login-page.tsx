import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { LoginReason } from '../hooks/use-auth-guard';
import { format } from '../../../i18n';
import { auth as authText } from '../../../i18n/zh-CN/auth';
import { LogoMark } from '../../../components/ui/logo';
import { IconArrowLeft } from '../../../components/ui/icons';
import { toast } from '../../../lib/toast';
import {
  useAuthConfig,
  useExchangeSupabase,
  useMe,
  useRequestSignInLink,
  useResetAccountCache,
  useSignIn,
  useSignUp,
} from '../api/auth-queries';
import { authErrorFacts, authErrorMessage } from '../auth-errors';
import { supabaseClient } from '../supabase-client';
import '../auth.css';

const t = authText.login;
type Tab = 'signIn' | 'signUp';
/** An address: no longer than RFC 5321 allows (the pattern is quadratic in a long domain such as `a@.....`). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX = 254;
const SECONDS = new Intl.NumberFormat('zh-CN', { style: 'unit', unit: 'second', unitDisplay: 'short' });
const MINUTES = new Intl.NumberFormat('zh-CN', { style: 'unit', unit: 'minute', unitDisplay: 'short' });

/** A countdown as people read it: 12秒, then 3分钟. */
function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 60 ? SECONDS.format(seconds) : MINUTES.format(Math.ceil(seconds / 60));
}

/**
 * The time left of a wait the hub asked for (429 with `retryAfterMs`), ticking each second;
 * null when there is none (or it is over).
 */
function useWait(): [number | null, (ms: number | null) => void] {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) setUntil(null);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  const left = until === null ? null : until - now;
  return [
    left !== null && left > 0 ? left : null,
    (ms) => {
      setNow(Date.now());
      setUntil(ms === null ? null : Date.now() + ms);
    },
  ];
}

/** /auth/login (blank layout): 登录 / 注册, and a magic link when Supabase Auth is on. */
export function LoginPage() {
  const config = useAuthConfig();
  const me = useMe();
  const reset = useResetAccountCache();
  const signIn = useSignIn();
  const signUp = useSignUp();
  const exchange = useExchangeSupabase();
  const requestLink = useRequestSignInLink();
  const [tab, setTab] = useState<Tab>('signIn');
  const [magic, setMagic] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [waitMs, setWait] = useWait();
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const supabase =
    config.data?.mode === 'supabase' && config.data.supabaseUrl && config.data.supabaseAnonKey
      ? { url: config.data.supabaseUrl, anonKey: config.data.supabaseAnonKey }
      : null;
  // Local accounts on a hub with mail: 通过邮件登录, and a verification mail after sign-up.
  const mailLinks = config.data?.mode === 'local' && config.data.mailLinks;

  // Signed in: refreshing `auth.me` swaps this page for <AlreadySignedIn>, which moves on.
  const finish = () => reset();

  const validate = (): { email?: string; password?: string } => {
    if (email.trim().length > EMAIL_MAX || !EMAIL.test(email.trim())) return { email: t.errors.email };
    if (magic) return {};
    if (password.length === 0) return { password: t.errors.password };
    if (tab === 'signUp' && password.length < 8) return { password: t.errors.password };
    if (tab === 'signUp' && password.trim() === '') return { password: t.errors.passwordBlank };
    return {};
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validate();
    setError(invalid.email ?? null);
    setPasswordError(invalid.password ?? null);
    setNotice(null);
    if (invalid.email || invalid.password) return;
    setBusy(true);
    try {
      if (supabase) await submitSupabase(supabase);
      else if (magic) {
        const sent = await requestLink.mutateAsync({ email: email.trim() });
        setNotice(sent.message);
      } else if (tab === 'signIn') {
        await signIn.mutateAsync({ email: email.trim(), password });
        await finish();
      } else {
        await signUp.mutateAsync({
          email: email.trim(),
          password,
          ...(displayName.trim() ? { displayName: displayName.trim() } : {}),
        });
        if (mailLinks) toast.success(format(t.verifySent, { email: email.trim() }));
        await finish();
      }
    } catch (caught) {
      const facts = authErrorFacts(caught);
      // Refusals of the password itself (too common, blank) belong beside the field.
      if (facts.field === 'password') setPasswordError(authErrorMessage(caught));
      else setError(authErrorMessage(caught));
      if (facts.retryAfterMs !== null) setWait(facts.retryAfterMs);
    } finally {
      setBusy(false);
    }
  };

  const submitSupabase = async ({ url, anonKey }: { url: string; anonKey: string }) => {
    const client = await supabaseClient(url, anonKey);
    const emailRedirectTo = `${window.location.origin}/auth/callback`;
    if (magic) {
      const { error: otpError } = await client.auth.signInWithOtp({
        email: email.trim(),
        options: { emailRedirectTo },
      });
      if (otpError) throw otpError;
      setNotice(format(t.magicLinkSent, { email: email.trim() }));
      return;
    }
    const result =
      tab === 'signIn'
        ? await client.auth.signInWithPassword({ email: email.trim(), password })
        : await client.auth.signUp({ email: email.trim(), password, options: { emailRedirectTo } });
    if (result.error) throw result.error;
    if (!result.data.session) {
      setNotice(t.errors.signUpConfirm);
      return;
    }
    await exchange.mutateAsync({ accessToken: result.data.session.access_token });
    await finish();
  };

  if (me.data) return <AlreadySignedIn />;

  return (
    <AuthShell>
      <ControlNeeded />
      <div className="auth-tabs" role="tablist" aria-label={t.title}>
        {(['signIn', 'signUp'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`auth-tab-${value}`}
            aria-selected={tab === value}
            aria-controls="auth-panel"
            className="auth-tabs__tab"
            onClick={() => {
              setTab(value);
              setError(null);
              setPasswordError(null);
              setNotice(null);
              setWait(null);
              if (value === 'signUp') setMagic(false);
            }}
          >
            {t.tabs[value]}
          </button>
        ))}
      </div>
      <form
        id="auth-panel"
        role="tabpanel"
        aria-labelledby={`auth-tab-${tab}`}
        className="auth-form"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        {supabase ? <p className="auth-form__note">{t.supabaseNote}</p> : null}
        {magic && mailLinks ? <p className="auth-form__note">{t.mailLinkLead}</p> : null}
        <label className="auth-field">
          <span className="auth-field__label">{t.email}</span>
          <input
            className="input"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t.emailPlaceholder}
            value={email}
            aria-invalid={error === t.errors.email}
            onChange={(event) => setEmail(event.target.value)}
            required
          />
        </label>
        {magic ? null : (
          <label className="auth-field">
            <span className="auth-field__label">
              {t.password}
              {tab === 'signUp' ? <span className="auth-field__hint">{t.passwordHint}</span> : null}
            </span>
            <input
              className="input"
              type="password"
              name="password"
              autoComplete={tab === 'signIn' ? 'current-password' : 'new-password'}
              value={password}
              minLength={tab === 'signUp' ? 8 : undefined}
              aria-invalid={passwordError !== null}
              aria-describedby={passwordError ? 'auth-password-error' : undefined}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
            {passwordError ? (
              <span
                id="auth-password-error"
                className="auth-field__error"
                role="alert"
                data-testid="auth-password-error"
              >
                {passwordError}
              </span>
            ) : null}
          </label>
        )}
        {tab === 'signUp' && !supabase ? (
          <label className="auth-field">
            <span className="auth-field__label">{t.displayName}</span>
            <input
              className="input"
              name="displayName"
              autoComplete="nickname"
              maxLength={40}
              value={displayName}
              onChange={(event) => setDisplayName(event.target.value)}
            />
          </label>
        ) : null}
        {error ? (
          <p className="auth-form__error" role="alert">
            {error}
          </p>
        ) : null}
        {notice ? (
          <p className="auth-form__notice" role="status">
            {notice}
          </p>
        ) : null}
        <button
          type="submit"
          className="btn btn--primary btn--lg auth-form__submit"
          disabled={busy || (waitMs !== null && !magic)}
          data-testid="auth-submit"
        >
          {busy
            ? t.working
            : magic
              ? t.magicLinkSend
              : waitMs !== null
                ? format(t.waiting, { time: waitText(waitMs) })
                : tab === 'signIn'
                  ? t.submitSignIn
                  : t.submitSignUp}
        </button>
        {(supabase || mailLinks) && tab === 'signIn' ? (
          <button
            type="button"
            className="btn btn--ghost auth-form__alt"
            data-testid="auth-mail-toggle"
            onClick={() => {
              setMagic((on) => !on);
              setError(null);
              setPasswordError(null);
            }}
          >
            {magic ? t.orPassword : supabase ? t.magicLink : t.mailLink}
          </button>
        ) : null}
        {config.data?.redirectCookie ? <p className="auth-form__fine">{t.redirectNote}</p> : null}
      </form>
    </AuthShell>
  );
}

/**
 * Sent here from a timer's console without control: says why (需要控制链接或登录有权限的账号)
 * and offers both ways in — sign in below, or open the control link here.
 */
function ControlNeeded() {
  const location = useLocation();
  const navigate = useNavigate();
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);
  const state = location.state as Partial<LoginReason> | null;
  if (state?.reason !== 'control') return null;
  const open = (event: FormEvent) => {
    event.preventDefault();
    const match = /\/timer\/manage\/([A-Za-z0-9_-]{1,64})[^#]*#key=([A-Za-z0-9_-]{16,200})/.exec(link.trim());
    if (!match) return setError(t.control.invalid);
    setError(null);
    void navigate(`/timer/manage/${match[1]}#key=${match[2]}`);
  };
  return (
    <section className="auth-control" role="note" data-testid="login-control-needed">
      <h2 className="auth-control__title">{t.control.title}</h2>
      <p className="auth-control__lead">{t.control.lead}</p>
      <form className="auth-control__form" onSubmit={open} noValidate>
        <input
          className="input"
          value={link}
          placeholder={t.control.placeholder}
          aria-label={t.control.placeholder}
          aria-invalid={error !== null}
          onChange={(event) => setLink(event.target.value)}
        />
        <button type="submit" className="btn btn--secondary">
          {t.control.open}
        </button>
      </form>
      {error ? (
        <p className="auth-form__error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="auth-control__or">{t.control.orSignIn}</p>
    </section>
  );
}

/** Signed in already: continue to where the visitor wanted to go. */
function AlreadySignedIn() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate('/auth/redirect', { replace: true });
  }, [navigate]);
  return (
    <AuthShell>
      <p className="auth-card__lead" role="status">
        {authText.redirect.working}
      </p>
    </AuthShell>
  );
}

/** The centred card of the sign-in pages, with the brand and a way back. */
function AuthShell({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <div className="auth-card__brand">
          <LogoMark size={44} />
          <h1 className="auth-card__title">{t.title}</h1>
          <p className="auth-card__lead">{t.lead}</p>
        </div>
        {children}
      </div>
      <Link to="/" className="auth-page__back">
        <IconArrowLeft />
        {t.back}
      </Link>
      <p className="auth-page__terms">{t.terms}</p>
    </main>
  );
}
