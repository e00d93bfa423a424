import type { ReleasedBreakCategory } from '@bianshi/shared';
import { format } from '../../../i18n';
import { tournamentBreak as text } from '../../../i18n/zh-CN/tournament-break';
import { formatDateTime } from '../format';
import '../break.css';

/** 晋级 (public): each released category's breaking teams with their seeds and schools. */
export function BreakTab({ categories }: { categories: readonly ReleasedBreakCategory[] }) {
  if (categories.length === 0) return <p className="tm-empty">{text.publicEmpty}</p>;
  return (
    <div className="tm-break-public" data-testid="tm-break-public">
      <p className="tm-muted">{text.publicLead}</p>
      {categories.map((category) => (
        <section
          key={category.id}
          className="tm-table-card"
          aria-label={category.name}
          data-testid="tm-break-public-category"
        >
          <h3 className="tm-table-card__title tm-break__title">
            {category.name}
            <span className="tm-chip">
              {format(text.releasedAt, { at: formatDateTime(category.releasedAt) })}
            </span>
          </h3>
          {category.teams.length === 0 ? (
            <p className="tm-muted">{text.none}</p>
          ) : (
            <div className="tm-table-scroll">
              <table className="tm-table">
                <thead>
                  <tr>
                    <th scope="col">{text.seed}</th>
                    <th scope="col" className="tm-table__name">
                      {text.team}
                    </th>
                    <th scope="col" className="tm-break__school">
                      {text.school}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {category.teams.map((team) => (
                    <tr key={team.teamId} data-testid="tm-break-public-row">
                      <td>{team.seed}</td>
                      <td className="tm-table__name">{team.name}</td>
                      <td className="tm-break__school">{team.school}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
    </div>
  );
}
