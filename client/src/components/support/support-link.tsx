import type { ReactNode } from 'react';
import { supportHref, useSupport } from './use-support';

/**
 * One 联系客服 link to the configured contact, or nothing while the hub has not said or has none.
 * Kept apart from the other support pieces (their styles and icons): the site footer on every
 * page loads this one only.
 */
export function SupportLink({ className, children }: { className?: string; children: ReactNode }) {
  const { contact } = useSupport();
  if (!contact) return null;
  const external = Boolean(contact.url);
  return (
    <a
      href={supportHref(contact)}
      className={className}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      data-testid="support-link"
    >
      {children}
    </a>
  );
}
