import type { TournamentStage, TournamentView } from '@bianshi/shared';
import type { ReactNode } from 'react';
import { format } from '../../../i18n';
import { tournamentBpKnockout as t } from '../../../i18n/zh-CN/tournament-bp-knockout';
import { mainKnockoutOf, teamNameOf, teamsById } from '../view-model';
import { BpSeats } from './bp-seats';

/**
 * A BP knockout (no bracket; the main one unless `stage` is given: a category's): each
 * elimination round's rooms with their places, and the champion once the final is ranked.
 * `empty` (or nothing) before the knockout is drafted.
 */
export function BpKnockout({
  view,
  stage = mainKnockoutOf(view),
  empty = null,
}: {
  view: TournamentView;
  stage?: TournamentStage;
  empty?: ReactNode;
}) {
  const rounds = view.rounds
    .filter((round) => round.stageId === stage?.id && round.fixtures.length > 0)
    .sort((x, y) => x.number - y.number);
  if (rounds.length === 0) return empty;
  const teams = teamsById(view);
  const champion = stage?.championTeamId ?? null;
  return (
    <div className="tm-stack" data-testid="tm-bp-knockout">
      {champion && (
        <p className="tm-bp-champion" data-testid="tm-bp-champion">
          <span className="tm-muted">{t.champion}</span> <strong>{teamNameOf(teams, champion)}</strong>
        </p>
      )}
      {rounds.map((round) => (
        <section
          key={round.id}
          className="tm-table-card tm-bp-knockout__round"
          aria-label={round.name}
          data-testid="tm-bp-knockout-round"
        >
          <h3 className="tm-table-card__title">{round.name}</h3>
          {round.fixtures.map((fixture, at) => (
            <div key={fixture.id} className="tm-bp-knockout__room">
              <p className="tm-muted">
                {format(t.room, { n: at + 1 })}
                {fixture.venue && ` · ${fixture.venue}`}
              </p>
              <BpSeats fixture={fixture} teams={teams} />
            </div>
          ))}
        </section>
      ))}
      <p className="tm-muted">{t.rule}</p>
    </div>
  );
}
