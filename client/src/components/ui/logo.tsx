import { Link } from 'react-router';
import { messages } from '../../i18n';

/** The 辩时 mark (a stopwatch in a green rounded square). */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg
      className="logo__mark"
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="64" height="64" rx="16" fill="var(--color-primary-600)" />
      <circle cx="32" cy="35" r="16" fill="none" stroke="#fff" strokeWidth="5" />
      <path d="M32 35V26" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
      <path d="M26 11h12" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}

/** Mark + wordmark, linking home. */
export function Logo({ to = '/', size = 28 }: { to?: string; size?: number }) {
  return (
    <Link to={to} className="logo" aria-label={`${messages.site.brand} · ${messages.site.tagline}`}>
      <LogoMark size={size} />
      <span className="logo__text">
        <span className="logo__name">{messages.site.brand}</span>
        <span className="logo__latin">{messages.site.brandLatin}</span>
      </span>
    </Link>
  );
}
