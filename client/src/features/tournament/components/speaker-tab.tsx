import type { SpeakerTabTable, SpeakerTabView } from '@bianshi/shared';
import { useState } from 'react';
import { speakerTab as t } from '../../../i18n/zh-CN/tournament-speakers';

const number = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });

/** 辩手榜: one table of every speaker, then one per speaker category (picked with chips). */
export function SpeakerTab({ tab, staff }: { tab: SpeakerTabView; staff: boolean }) {
  const [slug, setSlug] = useState<string | null>(null);
  const table = tab.tables.find((each) => each.slug === slug) ?? tab.tables[0];
  if (!table) return <p className="tm-empty">{t.empty}</p>;
  return (
    <section className="tm-stack" aria-label={t.tab} data-testid="tm-speaker-tab">
      <p className="tm-muted tm-small">{staff ? `${t.lead}${t.staffOnly}` : t.lead}</p>
      {tab.tables.length > 1 && (
        <div className="tm-row" role="group" aria-label={t.tab}>
          {tab.tables.map((each) => (
            <button
              key={each.slug ?? ''}
              type="button"
              className={`btn btn--sm ${each === table ? 'btn--primary' : 'btn--ghost'}`}
              aria-pressed={each === table}
              onClick={() => setSlug(each.slug)}
            >
              {each.name || t.all}
            </button>
          ))}
        </div>
      )}
      <SpeakerTable table={table} rounds={tab.rounds} />
    </section>
  );
}

function SpeakerTable({ table, rounds }: { table: SpeakerTabTable; rounds: string[] }) {
  if (table.rows.length === 0) return <p className="tm-empty">{t.empty}</p>;
  return (
    <div className="tm-table-card">
      <div className="tm-table-scroll">
        <table className="tm-table tm-table--speakers">
          <thead>
            <tr>
              <th scope="col">{t.rank}</th>
              <th scope="col">{t.speaker}</th>
              <th scope="col">{t.team}</th>
              {rounds.map((name) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
              <th scope="col">{t.total}</th>
              <th scope="col">{t.average}</th>
              <th scope="col">{t.stdev}</th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, index) => (
              // Two speakers of a team may share a name: the row's place keys it.
              <tr key={`${row.teamId}-${index}`} data-testid="tm-speaker-row">
                <td>
                  {row.rank}
                  {row.tied && <span className="tm-muted tm-small"> {t.tied}</span>}
                </td>
                <td className="tm-table__name">{row.name}</td>
                <td>
                  {row.teamName}
                  {row.school && <span className="tm-muted tm-small"> · {row.school}</span>}
                </td>
                {rounds.map((name, index) => {
                  const score = row.scores[index];
                  return <td key={name}>{typeof score === 'number' ? number.format(score) : t.none}</td>;
                })}
                <td data-testid="tm-speaker-total">{number.format(row.total)}</td>
                <td>{number.format(row.average)}</td>
                <td>{number.format(row.stdev)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
