import { useMemo } from 'react';
import * as Y from 'yjs';
import { workbench as workbenchText } from '../../../i18n/zh-CN/workbench';
import { useYArray, type DocSession } from '../../../lib/realtime/documents';

const t = workbenchText.qa;

interface Question {
  id: string;
  side: 'pro' | 'con';
  question: string;
  answer: string;
}

/** 攻防问答: the question/answer bank, by side, each a Y.Map in the `qa` array. */
export function QaPanel({ session, editable }: { session: DocSession; editable: boolean }) {
  const array = useMemo(() => session.doc.getArray<Y.Map<string>>('qa'), [session]);
  const items = useYArray<Question>(array as Y.Array<unknown>);
  const add = (side: Question['side']) => {
    const item = new Y.Map<string>();
    for (const [key, value] of Object.entries({ id: crypto.randomUUID(), side, question: '', answer: '' }))
      item.set(key, value);
    array.push([item]);
  };
  return (
    <section className="wb-qa" aria-label={t.title}>
      {(['pro', 'con'] as const).map((side) => (
        <div key={side} className="wb-qa__side" data-side={side}>
          <div className="wb-panel__head">
            <h3 className="wb-qa__title">{t[side]}</h3>
            {editable ? (
              <button type="button" className="btn btn--secondary btn--sm" onClick={() => add(side)}>
                {t.add}
              </button>
            ) : null}
          </div>
          {items.filter((item) => item.side === side).length === 0 ? (
            <p className="wb-empty">{t.empty}</p>
          ) : null}
          <ol className="wb-qa__list">
            {items.map((item, index) =>
              item.side !== side ? null : (
                <li key={item.id} className="wb-qa__item">
                  <label className="wb-field">
                    <span>{t.question}</span>
                    <textarea
                      className="input"
                      rows={2}
                      value={item.question ?? ''}
                      readOnly={!editable}
                      onChange={(event) => array.get(index)?.set('question', event.target.value)}
                    />
                  </label>
                  <label className="wb-field">
                    <span>{t.answer}</span>
                    <textarea
                      className="input"
                      rows={3}
                      value={item.answer ?? ''}
                      readOnly={!editable}
                      onChange={(event) => array.get(index)?.set('answer', event.target.value)}
                    />
                  </label>
                  {editable ? (
                    <button
                      type="button"
                      className="btn btn--ghost btn--sm"
                      onClick={() => array.delete(index, 1)}
                    >
                      {t.remove}
                    </button>
                  ) : null}
                </li>
              ),
            )}
          </ol>
        </div>
      ))}
    </section>
  );
}
