import type { CaseOutline } from '@bianshi/shared';
import { format } from '../../../i18n';
import { ai as aiText } from '../../../i18n/zh-CN/ai';

const t = aiText.ccf;
type ListPart = 'definitions' | 'criteria' | 'clashes' | 'questions';

/** Grows with its text: one line when short, more as the line wraps. */
function Line({
  value,
  label,
  onChange,
  onRemove,
}: {
  value: string;
  label: string;
  onChange: (value: string) => void;
  onRemove: () => void;
}) {
  return (
    <li className="ai-outline__item">
      <textarea
        className="input ai-outline__input"
        rows={Math.min(4, Math.max(1, Math.ceil(value.length / 36)))}
        aria-label={label}
        value={value}
        maxLength={300}
        onChange={(event) => onChange(event.target.value)}
      />
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        aria-label={`${t.remove} ${label}`}
        onClick={onRemove}
      >
        {t.remove}
      </button>
    </li>
  );
}

function ListSection({
  part,
  items,
  onChange,
}: {
  part: ListPart;
  items: readonly string[];
  onChange: (items: string[]) => void;
}) {
  return (
    <section className="ai-outline__part" aria-label={t.parts[part]} data-part={part}>
      <h3 className="ai-outline__title">{t.parts[part]}</h3>
      <ul className="ai-outline__list">
        {items.map((item, index) => (
          <Line
            key={index}
            value={item}
            label={format(t.itemLabel, { part: t.parts[part], n: index + 1 })}
            onChange={(value) => onChange(items.map((old, i) => (i === index ? value : old)))}
            onRemove={() => onChange(items.filter((_, i) => i !== index))}
          />
        ))}
      </ul>
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => onChange([...items, ''])}>
        + {t.addItem}
      </button>
    </section>
  );
}

/** The case outline as an editable form: each part a list, each argument with its points. */
export function OutlineEditor({
  outline,
  onChange,
}: {
  outline: CaseOutline;
  onChange: (outline: CaseOutline) => void;
}) {
  const set = <K extends keyof CaseOutline>(key: K, value: CaseOutline[K]) =>
    onChange({ ...outline, [key]: value });
  const setArgument = (index: number, change: Partial<CaseOutline['arguments'][number]>) =>
    set(
      'arguments',
      outline.arguments.map((argument, i) => (i === index ? { ...argument, ...change } : argument)),
    );
  return (
    <div className="ai-outline" data-testid="ai-outline">
      <ListSection
        part="definitions"
        items={outline.definitions}
        onChange={(items) => set('definitions', items)}
      />
      <ListSection part="criteria" items={outline.criteria} onChange={(items) => set('criteria', items)} />
      <section className="ai-outline__part" aria-label={t.parts.arguments} data-part="arguments">
        <h3 className="ai-outline__title">{t.parts.arguments}</h3>
        <ol className="ai-outline__arguments">
          {outline.arguments.map((argument, index) => (
            <li key={index} className="ai-outline__argument">
              <div className="ai-outline__item">
                <textarea
                  className="input ai-outline__input ai-outline__claim"
                  rows={Math.min(4, Math.max(1, Math.ceil(argument.claim.length / 36)))}
                  aria-label={format(t.claim, { n: index + 1 })}
                  value={argument.claim}
                  maxLength={300}
                  onChange={(event) => setArgument(index, { claim: event.target.value })}
                />
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  disabled={outline.arguments.length <= 1}
                  onClick={() =>
                    set(
                      'arguments',
                      outline.arguments.filter((_, i) => i !== index),
                    )
                  }
                >
                  {t.remove}
                </button>
              </div>
              <ul className="ai-outline__list ai-outline__points">
                {argument.points.map((point, pointIndex) => (
                  <Line
                    key={pointIndex}
                    value={point}
                    label={format(t.pointLabel, { n: index + 1, m: pointIndex + 1 })}
                    onChange={(value) =>
                      setArgument(index, {
                        points: argument.points.map((old, i) => (i === pointIndex ? value : old)),
                      })
                    }
                    onRemove={() =>
                      setArgument(index, { points: argument.points.filter((_, i) => i !== pointIndex) })
                    }
                  />
                ))}
              </ul>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() => setArgument(index, { points: [...argument.points, ''] })}
              >
                + {t.addPoint}
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={outline.arguments.length >= 6}
          onClick={() => set('arguments', [...outline.arguments, { claim: '', points: [] }])}
        >
          + {t.addArgument}
        </button>
      </section>
      <ListSection part="clashes" items={outline.clashes} onChange={(items) => set('clashes', items)} />
      <ListSection part="questions" items={outline.questions} onChange={(items) => set('questions', items)} />
    </div>
  );
}

/** The outline with empty lines dropped (what is copied or sent); null when an argument has no claim. */
export function cleanOutline(outline: CaseOutline): CaseOutline | null {
  const keep = (items: readonly string[]) => items.map((item) => item.trim()).filter(Boolean);
  const args = outline.arguments.map((argument) => ({
    claim: argument.claim.trim(),
    points: keep(argument.points),
  }));
  if (args.some((argument) => !argument.claim)) return null;
  return {
    definitions: keep(outline.definitions),
    criteria: keep(outline.criteria),
    arguments: args,
    clashes: keep(outline.clashes),
    questions: keep(outline.questions),
  };
}
