import { useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import type { TocEntry } from '@bianshi/shared/content/index';
import { IconChevron, IconExternal } from '../../../components/ui/icons';
import { content as contentText } from '../../../i18n/zh-CN/content';
import { Link } from 'react-router';
import { supportHref, useSupport } from '../../../components/support';
import { useScrollSpy } from '../hooks/use-scroll-spy';

const t = contentText.docs;

/**
 * The contents panel (目录) with scroll-spy, and at its bottom 更多信息 → 联系客服: the hub's
 * SUPPORT_URL (new tab) or SUPPORT_EMAIL; without either, the AI assistant, which answers from
 * these docs, rather than a link that leads nowhere. Beside the article on wide screens; under
 * the page title on narrow ones (content.css, ≤ 1100 px), folded behind its 目录 button until
 * opened, and folded again once an entry is picked.
 */
export function Toc({ toc }: { toc: readonly TocEntry[] }) {
  const ids = useMemo(() => toc.map((entry) => entry.id), [toc]);
  const { active, pin } = useScrollSpy(ids);
  const [open, setOpen] = useState(false);
  return (
    <nav className="doc-toc" aria-labelledby="doc-toc-title" data-testid="doc-toc" data-open={open}>
      <h2 id="doc-toc-title" className="doc-toc__title">
        {t.contents}
      </h2>
      <button type="button" className="doc-toc__toggle" aria-expanded={open} aria-controls="doc-toc-body" onClick={() => setOpen((o) => !o)}>
        <span>{t.contents}</span>
        <IconChevron />
      </button>
      <div id="doc-toc-body" className="doc-toc__body">
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
                  // Fold first, so the jump lands where the heading is once the list is gone.
                  flushSync(() => setOpen(false));
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
      </div>
    </nav>
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
