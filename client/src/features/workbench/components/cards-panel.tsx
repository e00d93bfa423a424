import { useMemo, useState } from 'react';
import * as Y from 'yjs';
import { workbench as workbenchText } from '../../../i18n/zh-CN/workbench';
import { useYArray, type DocSession } from '../../../lib/realtime/documents';

const t = workbenchText.cards;

interface Card {
  id: string;
  source: string;
  quote: string;
  link: string;
  tags: string;
}

/** 资料卡: evidence cards (source, quote, link, tags), each a Y.Map in the `cards` array. */
export function CardsPanel({ session, editable }: { session: DocSession; editable: boolean }) {
  const array = useMemo(() => session.doc.getArray<Y.Map<string>>('cards'), [session]);
  const cards = useYArray<Card>(array as Y.Array<unknown>);
  const [filter, setFilter] = useState('');
  const shown = cards
    .map((card, index) => ({ card, index }))
    .filter(
      ({ card }) => !filter || [card.source, card.quote, card.tags].some((field) => field?.includes(filter)),
    );
  const add = () => {
    const card = new Y.Map<string>();
    for (const [key, value] of Object.entries({
      id: crypto.randomUUID(),
      source: '',
      quote: '',
      link: '',
      tags: '',
    }))
      card.set(key, value);
    array.push([card]);
  };
  const set = (index: number, key: keyof Card, value: string) => array.get(index)?.set(key, value);
  return (
    <section className="wb-panel" aria-label={t.title}>
      <div className="wb-panel__head">
        <input
          className="input wb-panel__filter"
          placeholder={t.filter}
          aria-label={t.filter}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        {editable ? (
          <button type="button" className="btn btn--primary btn--sm" onClick={add}>
            {t.add}
          </button>
        ) : null}
      </div>
      {cards.length === 0 ? <p className="wb-empty">{t.empty}</p> : null}
      <ul className="wb-cards">
        {shown.map(({ card, index }) => (
          <li key={card.id} className="wb-card">
            <label className="wb-field">
              <span>{t.source}</span>
              <input
                className="input"
                value={card.source ?? ''}
                readOnly={!editable}
                onChange={(event) => set(index, 'source', event.target.value)}
              />
            </label>
            <label className="wb-field">
              <span>{t.quote}</span>
              <textarea
                className="input wb-card__quote"
                rows={3}
                value={card.quote ?? ''}
                readOnly={!editable}
                onChange={(event) => set(index, 'quote', event.target.value)}
              />
            </label>
            <label className="wb-field">
              <span>{t.link}</span>
              <input
                className="input"
                type="url"
                value={card.link ?? ''}
                readOnly={!editable}
                onChange={(event) => set(index, 'link', event.target.value)}
              />
            </label>
            <label className="wb-field">
              <span>{t.tags}</span>
              <input
                className="input"
                value={card.tags ?? ''}
                readOnly={!editable}
                onChange={(event) => set(index, 'tags', event.target.value)}
              />
            </label>
            <div className="wb-card__foot">
              <span className="wb-tags">
                {(card.tags ?? '')
                  .split(/[,，]/)
                  .map((tag) => tag.trim())
                  .filter(Boolean)
                  .map((tag) => (
                    <span key={tag} className="badge">
                      {tag}
                    </span>
                  ))}
              </span>
              {card.link ? (
                <a href={card.link} target="_blank" rel="noreferrer noopener" className="wb-card__link">
                  {t.link}
                </a>
              ) : null}
              {editable ? (
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() => array.delete(index, 1)}
                >
                  {t.remove}
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
