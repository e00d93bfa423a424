import type { ReactNode } from 'react';
import '../auth.css';

/** A short status (working, done, failed) in the logo-blank layout, with optional actions. */
export function StatusCard({
  title,
  lead,
  busy = false,
  children,
}: {
  title: string;
  lead?: string;
  busy?: boolean;
  children?: ReactNode;
}) {
  return (
    <section className="auth-status" aria-live="polite" aria-busy={busy}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      <h1 className="auth-status__title">{title}</h1>
      {lead ? <p className="auth-status__lead">{lead}</p> : null}
      {children ? <div className="auth-status__actions">{children}</div> : null}
    </section>
  );
}
