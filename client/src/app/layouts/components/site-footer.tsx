import { Link } from 'react-router';
import { ServerStatus } from '../../../features/server-status';
// The link alone (not the feature's index): the footer is on every page.
import { SupportLink } from '../../../components/support/support-link';
import { format, messages } from '../../../i18n';
import { LogoMark } from '../../../components/ui/logo';

const t = messages.site.footer;

/** Every area in two clicks from any page with the footer (the header lists the library and tournaments). */
const COLUMNS = [
  {
    title: t.product,
    links: [
      { to: '/create', label: t.create },
      { to: '/lobby', label: t.lobby },
      { to: '/workbench', label: t.workbench },
      { to: '/ccf', label: t.ccf },
      { to: '/ai/ccf', label: t.aiCcf },
    ],
  },
  {
    title: t.resources,
    links: [
      { to: '/docs', label: t.docs },
      { to: '/changelog', label: t.changelog },
      { to: '/ai/contact', label: t.aiContact },
    ],
  },
  {
    title: t.purchase,
    links: [
      { to: '/pricing', label: t.pricing },
      { to: '/buy/cdkey', label: t.cdkey },
      { to: '/buy/verify', label: t.orders },
    ],
  },
  { title: t.company, links: [{ to: '/about', label: t.about }] },
];

/** Footer: link columns, copyright and the hub's status (exercises `system.info`). */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <span className="site-footer__logo">
            <LogoMark size={24} />
            <strong>{messages.site.brand}</strong>
          </span>
          <p>{messages.site.tagline}</p>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} className="site-footer__col" aria-label={col.title}>
            <h2>{col.title}</h2>
            <ul>
              {col.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ))}
              {col.title === t.company ? (
                <li>
                  <SupportLink>{t.contact}</SupportLink>
                </li>
              ) : null}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container site-footer__bottom">
        <span>{format(t.rights, { year: new Date().getFullYear() })}</span>
        <ServerStatus />
      </div>
    </footer>
  );
}
