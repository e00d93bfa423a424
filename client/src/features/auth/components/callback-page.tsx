import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { auth as authText } from '../../../i18n/zh-CN/auth';
import { useAuthConfig, useExchangeSupabase, useResetAccountCache } from '../api/auth-queries';
import { authErrorMessage } from '../auth-errors';
import { supabaseClient } from '../supabase-client';
import { EmailLinkPage, emailLinkToken } from './email-link-page';
import { StatusCard } from './status-card';

const t = authText.callback;

/**
 * /auth/callback (logo-blank): where emailed links land. The hub's own (`#token=…`: email
 * verification, 通过邮件登录) go to <EmailLinkPage>; Supabase's are completed by supabase-js from
 * the URL (PKCE `code`), the hub trades the access token for its own session, then
 * /auth/redirect restores the saved path. In local mode without a token there is nothing to complete.
 */
export function CallbackPage() {
  // Decided once: the link page takes the token out of the address bar as soon as it starts.
  const [mailed] = useState(() => emailLinkToken(window.location.hash) !== null);
  return mailed ? <EmailLinkPage /> : <SupabaseCallback />;
}

function SupabaseCallback() {
  const config = useAuthConfig();
  const exchange = useExchangeSupabase();
  const reset = useResetAccountCache();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || config.isPending) return;
    started.current = true;
    const data = config.data;
    if (!data || data.mode !== 'supabase' || !data.supabaseUrl || !data.supabaseAnonKey) {
      void navigate('/auth/redirect', { replace: true });
      return;
    }
    void (async () => {
      try {
        const client = await supabaseClient(data.supabaseUrl!, data.supabaseAnonKey!);
        const { data: session, error } = await client.auth.getSession();
        if (error) throw error;
        if (!session.session) throw new Error('otp_expired');
        await reset(await exchange.mutateAsync({ accessToken: session.session.access_token }));
        void navigate('/auth/redirect', { replace: true });
      } catch (caught) {
        setFailure(authErrorMessage(caught));
      }
    })();
  }, [config.isPending, config.data, exchange, reset, navigate]);

  if (!failure) return <StatusCard title={t.working} busy />;
  return (
    <StatusCard title={t.failed} lead={`${failure}。${t.failedLead}`}>
      <Link to="/auth/login" className="btn btn--primary">
        {t.retry}
      </Link>
    </StatusCard>
  );
}
