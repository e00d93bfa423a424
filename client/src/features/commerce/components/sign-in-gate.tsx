import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { commerce as commerceText } from '../../../i18n/zh-CN/commerce';
import { useAccount } from '../api/commerce-queries';

const t = commerceText.signIn;

/** Renders its children for signed-in accounts, and a sign-in prompt for visitors. */
export function SignInGate({ children }: { children: ReactNode }) {
  const account = useAccount();
  const location = useLocation();
  if (account.isPending) return <div className="commerce-loading" aria-busy="true" />;
  if (!account.data) {
    const back = encodeURIComponent(location.pathname + location.search);
    return (
      <section className="commerce-card commerce-gate">
        <h1 className="commerce-title">{t.title}</h1>
        <p className="commerce-lead">{t.lead}</p>
        <Link className="btn btn--primary" to={`/auth/login?redirect=${back}`}>
          {t.action}
        </Link>
      </section>
    );
  }
  return <>{children}</>;
}
