import type { TournamentRound, TournamentView } from '@bianshi/shared';
import { useState } from 'react';
import { format } from '../../../i18n';
import { swiss } from '../../../i18n/zh-CN/tournament-swiss';
import type { TournamentActions } from '../api/use-tournament-actions';

const t = swiss.checkIn;

/**
 * 到场登记 for a draft round: every team and judge ticked as present; unticking marks them
 * absent, and the round's draw and automatic panels leave them out. Saved on each change.
 */
export function RoundCheckIn({
  view,
  round,
  actions,
}: {
  view: TournamentView;
  round: TournamentRound;
  actions: TournamentActions;
}) {
  const [filter, setFilter] = useState('');
  const judges = view.judges.filter((judge) => !judge.revoked);
  const lists = {
    teams: view.teams.map((team) => ({ id: team.id, name: team.name })),
    judges: judges.map((judge) => ({ id: judge.id, name: judge.name })),
  };
  // Ticks answer at once; the hub's answer (a new view) replaces them when it comes.
  const serverKey = JSON.stringify(round.absent);
  const [local, setLocal] = useState({ key: serverKey, absent: round.absent });
  if (local.key !== serverKey) setLocal({ key: serverKey, absent: round.absent });
  const absent = { teams: new Set(local.absent.teams), judges: new Set(local.absent.judges) };
  const toggle = (kind: 'teams' | 'judges', id: string, present: boolean) => {
    const next = new Set(absent[kind]);
    if (present) next.delete(id);
    else next.add(id);
    setLocal({ key: local.key, absent: { ...local.absent, [kind]: [...next] } });
    actions.setAbsent.mutate({ tournamentId: view.id, absent: { roundId: round.id, kind, ids: [...next] } });
  };
  const needle = filter.trim().toLowerCase();
  return (
    <details className="tm-checkin" data-testid="tm-checkin">
      <summary>
        {format(t.summary, {
          teams: lists.teams.length - absent.teams.size,
          teamsTotal: lists.teams.length,
          judges: lists.judges.length - absent.judges.size,
          judgesTotal: lists.judges.length,
        })}
      </summary>
      <p className="tm-muted tm-small">{t.lead}</p>
      <input
        className="input tm-input--sm"
        type="search"
        placeholder={t.filter}
        aria-label={t.filter}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      {(['teams', 'judges'] as const).map((kind) => (
        <fieldset key={kind} className="tm-checkin__group" data-kind={kind}>
          <legend>{t[kind]}</legend>
          <ul className="tm-checkin__list">
            {lists[kind]
              .filter((item) => !needle || item.name.toLowerCase().includes(needle))
              .map((item) => (
                <li key={item.id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={!absent[kind].has(item.id)}
                      onChange={(event) => toggle(kind, item.id, event.target.checked)}
                      data-testid="tm-checkin-box"
                    />{' '}
                    {item.name}
                  </label>
                </li>
              ))}
          </ul>
        </fieldset>
      ))}
    </details>
  );
}
