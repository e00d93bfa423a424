import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { auth as authText } from '../../../i18n/zh-CN/auth';
import { useAuthConfig, useResetAccountCache, useSignOut } from '../api/auth-queries';
import { supabaseClient } from '../supabase-client';
import { StatusCard } from './status-card';

const t = authText.logout;

/** /auth/logout (logo-blank): ends the hub session (and the Supabase one) on arrival. */
export function LogoutPage() {
  const config = useAuthConfig();
  const signOut = useSignOut();
  const reset = useResetAccountCache();
  const [done, setDone] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || config.isPending) return;
    started.current = true;
    const supabase = config.data?.mode === 'supabase' && config.data.supabaseUrl && config.data.supabaseAnonKey ? config.data : null;
    void (async () => {
      await signOut.mutateAsync().catch(() => undefined);
      if (supabase?.supabaseUrl && supabase.supabaseAnonKey) {
        const client = await supabaseClient(supabase.supabaseUrl, supabase.supabaseAnonKey).catch(() => null);
        await client?.auth.signOut({ scope: 'local' }).catch(() => undefined);
      }
      await reset();
      setDone(true);
    })();
  }, [config.isPending, config.data, signOut, reset]);

  if (!done) return <StatusCard title={t.working} busy />;
  return (
    <StatusCard title={t.done} lead={t.lead}>
      <Link to="/" className="btn btn--primary">
        {t.home}
      </Link>
      <Link to="/auth/login" className="btn btn--ghost">
        {t.again}
      </Link>
    </StatusCard>
  );
}
