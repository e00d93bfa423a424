import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { excerpt, searchSections, type SectionHit, type SectionIndex } from '@bianshi/shared/content/index';
import { format } from '../../../i18n';
import { content as contentText } from '../../../i18n/zh-CN/content';
import { loadSearchIndex } from '../api';

const t = contentText.search;

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName));
}

/** Opens on Ctrl/⌘-K anywhere, and on `/` when not typing. */
export function useSearchHotkeys(open: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        open();
      } else if (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target)) {
        event.preventDefault();
        open();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
}

/** Docs search: type, move with ↑/↓, Enter jumps to the heading of the section found. */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const [index, setIndex] = useState<SectionIndex | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      inputRef.current?.select();
      loadSearchIndex().then(setIndex, () => setFailed(true));
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const hits: SectionHit[] = index ? searchSections(index, query) : [];
  const go = (hit: SectionHit | undefined) => {
    if (!hit) return;
    onClose();
    void navigate(hit.anchor ? `${hit.path}#${hit.anchor}` : hit.path);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setSelected((s) => Math.min(s + 1, Math.max(hits.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setSelected((s) => Math.max(s - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(hits[selected]);
    }
  };

  return (
    <dialog ref={ref} className="search-dialog" aria-label={t.label} onClose={onClose} onCancel={onClose} onClick={(e) => e.target === ref.current && onClose()}>
      <div className="search-dialog__box">
        <input
          ref={inputRef}
          type="search"
          className="search-dialog__input"
          placeholder={t.placeholder}
          aria-label={t.label}
          aria-controls="search-results"
          aria-activedescendant={hits[selected] ? `search-hit-${selected}` : undefined}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setSelected(0);
          }}
          onKeyDown={onKeyDown}
          data-testid="search-input"
        />
        <ul id="search-results" role="listbox" className="search-dialog__results" aria-label={t.label}>
          {hits.map((hit, i) => (
            <li
              key={hit.id}
              id={`search-hit-${i}`}
              role="option"
              aria-selected={i === selected}
              className="search-hit"
              onMouseEnter={() => setSelected(i)}
              onClick={() => go(hit)}
              data-testid="search-hit"
            >
              <span className="search-hit__path">{[hit.pageTitle, ...hit.trail.filter((h) => h !== hit.pageTitle)].join(' › ')}</span>
              <span className="search-hit__heading">{hit.heading}</span>
              <span className="search-hit__text">{excerpt(hit.text, query)}</span>
            </li>
          ))}
        </ul>
        <p className="search-dialog__status" role="status">
          {failed ? t.failed : !index ? t.loading : !query.trim() ? t.hint : hits.length === 0 ? format(t.empty, { query: query.trim() }) : ''}
        </p>
        <div className="search-dialog__foot">
          <span>{t.keys}</span>
          <button type="button" className="btn btn--ghost btn--sm" onClick={onClose}>
            {t.close}
          </button>
        </div>
      </div>
    </dialog>
  );
}
