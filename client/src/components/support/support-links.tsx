import { Link } from 'react-router';
import { IconExternal } from '../ui/icons';
import { support as t } from '../../i18n/zh-CN/support';
import './support.css';
import { useSupport, type SupportContact } from './use-support';

/** The contact's links: its page (new tab) and its address (mailto:), each labelled. */
export function SupportLinks({
  contact,
  className = 'support-links',
}: {
  contact: SupportContact;
  className?: string;
}) {
  return (
    <span className={className} data-testid="support-links">
      {contact.url ? (
        <a href={contact.url} target="_blank" rel="noopener noreferrer" className="support-links__link">
          {t.web}
          <IconExternal />
        </a>
      ) : null}
      {contact.email ? (
        <a href={`mailto:${contact.email}`} className="support-links__link">
          {t.email} {contact.email}
        </a>
      ) : null}
    </span>
  );
}

/** What a visitor can do on an install without a support contact: the docs and the AI assistant. */
export function SupportAlternatives({ lead = t.none }: { lead?: string }) {
  return (
    <span className="support-none" data-testid="support-none">
      {lead} <Link to="/docs">{t.docs}</Link> · <Link to="/ai/contact">{t.assistant}</Link>
    </span>
  );
}

/** /about's 联系我们: the contact, or what to do without one. Nothing until the hub has answered. */
export function SupportSection() {
  const { contact, known } = useSupport();
  if (!known) return null;
  return (
    <section className="support-section" aria-labelledby="support-title" data-testid="about-support">
      <h2 id="support-title">{t.title}</h2>
      {contact ? (
        <p>
          {t.lead} <SupportLinks contact={contact} />
        </p>
      ) : (
        <p>
          <SupportAlternatives />
        </p>
      )}
    </section>
  );
}
