import { useMemo } from 'react';
import type { TocEntry } from '@bianshi/shared/content/index';
import { IconExternal } from '../../../components/ui/icons';
import { content as contentText } from '../../../i18n/zh-CN/content';
import { Link } from 'react-router';
import { supportHref, useSupport } from '../../support';
import { useScrollSpy } from '../hooks/use-scroll-spy';

const t = contentText.docs;

/**
 * The contents panel (目录) with scroll-spy, and at its bottom 更多信息 → 联系客服: the hub's
 * SUPPORT_URL (new tab) or SUPPORT_EMAIL; without either, the AI assistant, which answers from
 * these docs, rather than a link that leads nowhere.
 */
export function Toc({ toc }: { toc: readonly TocEntry[] }) {
  const ids = useMemo(() => toc.map((entry) => entry.id), [toc]);
  const { active, pin } = useScrollSpy(ids);
  return (
    <aside className="doc-toc" aria-labelledby="doc-toc-title" data-testid="doc-toc">
      <h2 id="doc-toc-title" className="doc-toc__title">
        {t.contents}
      </h2>
      {toc.length > 0 && (
        <ul className="doc-toc__list">
          {toc.map((entry) => (
            <li key={entry.id} data-depth={entry.depth}>
              <a
                href={`#${entry.id}`}
                className="doc-toc__link"
                aria-current={entry.id === active ? 'location' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  pin(entry.id);
                  document.getElementById(entry.id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                  history.replaceState(history.state, '', `#${entry.id}`);
                }}
              >
                {entry.text}
              </a>
            </li>
          ))}
        </ul>
      )}
      <section className="doc-toc__more" aria-labelledby="doc-toc-more">
        <h2 id="doc-toc-more" className="doc-toc__title">
          {t.more}
        </h2>
        <MoreInfo />
      </section>
    </aside>
  );
}

function MoreInfo() {
  const { contact, known } = useSupport();
  if (!known) return null;
  if (!contact) {
    return (
      <Link to="/ai/contact" className="doc-toc__link doc-toc__contact" data-testid="doc-support-none">
        {t.assistant}
      </Link>
    );
  }
  return (
    <>
      <a href={supportHref(contact)} {...(contact.url ? { target: '_blank', rel: 'noopener noreferrer' } : {})} className="doc-toc__link doc-toc__contact" data-testid="doc-support">
        {t.contact}
        {contact.url ? <IconExternal /> : null}
      </a>
      {contact.url && contact.email ? (
        <a href={`mailto:${contact.email}`} className="doc-toc__link">
          {contact.email}
        </a>
      ) : null}
    </>
  );
}
