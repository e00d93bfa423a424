import type { Format } from '@bianshi/shared';
import { format } from '../../../i18n';
import { create as createText } from '../../../i18n/zh-CN/create';
import { stageDuration, stageSide } from '../format-text';

const t = createText;

/** The stages of a format as a table: name, kind, side, duration. */
export function StagePreview({ value }: { value: Format }) {
  return (
    <section className="create-preview" aria-labelledby="create-preview-title">
      <header className="create-preview__head">
        <h2 id="create-preview-title">{value.name}</h2>
        <p className="create-preview__meta">
          {t.preview} · {format(t.stageCount, { n: value.stages.length })}
        </p>
        {value.description ? <p className="create-preview__desc">{value.description}</p> : null}
      </header>
      <div className="create-preview__scroll">
        <table className="create-table">
          <thead>
            <tr>
              <th scope="col">{t.columns.index}</th>
              <th scope="col">{t.columns.name}</th>
              <th scope="col">{t.columns.side}</th>
              <th scope="col">{t.columns.duration}</th>
            </tr>
          </thead>
          <tbody>
            {value.stages.map((stage, index) => (
              <tr key={index} data-kind={stage.kind}>
                <td className="create-table__num">{index + 1}</td>
                <td>
                  <span className="create-table__name">{stage.name}</span>
                  <span className="create-table__kind">{t.kinds[stage.kind]}</span>
                </td>
                <td>{stageSide(stage)}</td>
                <td className="create-table__time">{stageDuration(value, stage)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
