import { bpSeatsOf, type TournamentFixture, type TournamentTeam } from '@bianshi/shared';
import { format } from '../../../i18n';
import { tournamentBp as t } from '../../../i18n/zh-CN/tournament-bp';
import { teamNameOf } from '../view-model';

/**
 * A BP room's four teams, OG / OO / CG / CO (government seats in 正方's colour, opposition in
 * 反方's), each with its place and team points once the result is in. Nothing for two-team rooms.
 */
export function BpSeats({
  fixture,
  teams,
  className = '',
  places = true,
}: {
  fixture: Pick<TournamentFixture, 'affTeamId' | 'negTeamId' | 'cgTeamId' | 'coTeamId' | 'result'>;
  teams: Map<string, TournamentTeam>;
  className?: string;
  /** Whether to show each team's place and points (the console's result column says the order). */
  places?: boolean;
}) {
  const seats = bpSeatsOf(fixture);
  if (!seats) return null;
  return (
    <ol className={`tm-bp-seats ${className}`} data-testid="tm-bp-seats">
      {seats.map((seat) => (
        <li
          key={seat.position}
          className="tm-bp-seat"
          data-position={seat.position}
          data-place={seat.place ?? ''}
          data-testid="tm-bp-seat"
        >
          <span
            className="tm-side"
            data-side={seat.position === 'og' || seat.position === 'cg' ? 'aff' : 'neg'}
          >
            {seat.label}
          </span>
          <span className="tm-bp-seat__name">{teamNameOf(teams, seat.teamId)}</span>
          {places && seat.place !== null && (
            <span className="tm-bp-seat__place" data-first={seat.place === 1 ? 'true' : 'false'}>
              {format(t.placePoints, { n: seat.place, points: seat.points ?? 0 })}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
