import { isBpRoom, type TournamentFixture, type TournamentTeam } from '@bianshi/shared';
import { Link } from 'react-router';
import { TimerDisplay } from '../../../components/timer-display';
import { format } from '../../../i18n';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import type { TimerStore } from '../../../lib/realtime/timer';
import { formatClockTime } from '../format';
import { teamNameOf } from '../view-model';
import { BpSeats } from './bp-seats';
import '../fixture.css';

const t = tournamentText.fixtures;

/**
 * One fixture: status (未开始 / 进行中 with the LIVE synced clock / 已结束 with the result),
 * pool, venue and start time, both teams with their sides, the winner, 票型 and best debater.
 */
export function FixtureTile({
  fixture,
  teams,
  poolName,
  clock,
}: {
  fixture: TournamentFixture;
  teams: Map<string, TournamentTeam>;
  poolName: string | null;
  /** The fixture's timer from the round's lobby subscription, while it is live. */
  clock: TimerStore | null;
}) {
  const result = fixture.result;
  const winner = result?.winner ?? null;
  // A BP room lists its four seats with places instead of 正方/反方 and 票型.
  const bp = isBpRoom(fixture);
  const side = (id: 'aff' | 'neg') => {
    const teamId = id === 'aff' ? fixture.affTeamId : fixture.negTeamId;
    return (
      <div className="tm-fixture__team" data-side={id} data-winner={winner === id ? 'true' : 'false'}>
        <span className="tm-side" data-side={id}>
          {t[id]}
        </span>
        <span className="tm-fixture__name">{teamNameOf(teams, teamId)}</span>
        {winner === id && <span className="tm-fixture__win">{t.winner}</span>}
      </div>
    );
  };
  return (
    <article
      className="tm-fixture"
      data-status={fixture.status}
      data-testid="tm-fixture"
      data-fixture-id={fixture.id}
    >
      <header className="tm-fixture__head">
        <StatusPill status={fixture.status} />
        <span className="tm-muted">
          {[
            poolName,
            fixture.venue && format(t.venue, { name: fixture.venue }),
            fixture.startsAt && format(t.startsAt, { time: formatClockTime(fixture.startsAt) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </header>
      {bp ? (
        <BpSeats fixture={fixture} teams={teams} />
      ) : (
        <div className="tm-fixture__teams">
          {side('aff')}
          {side('neg')}
        </div>
      )}
      {fixture.status === 'live' && clock && (
        <div className="tm-fixture__clock" data-testid="tm-fixture-clock">
          <TimerDisplay store={clock} variant="compact" flashOnBell={false} />
        </div>
      )}
      {result && !bp && (
        <p className="tm-fixture__result" data-testid="tm-fixture-result">
          <span className="tm-fixture__votes">
            {format(t.votes, { aff: result.votes.aff, neg: result.votes.neg })}
          </span>
          {!result.confirmed && <span className="tm-chip tm-chip--warn">{t.pending}</span>}
          {result.bestDebater && (
            <span className="tm-muted">{format(t.bestDebater, { name: result.bestDebater.name })}</span>
          )}
        </p>
      )}
      {fixture.timerShortid && fixture.status !== 'finished' && (
        <Link className="tm-fixture__watch" to={`/timer/${fixture.timerShortid}`}>
          {t.watch}
        </Link>
      )}
    </article>
  );
}

/** 未开始 / 进行中 (with a LIVE dot) / 已结束. */
export function StatusPill({ status }: { status: TournamentFixture['status'] }) {
  return (
    <span className="tm-status" data-status={status}>
      {status === 'live' && <span className="tm-live-dot" aria-hidden="true" />}
      {status === 'live' ? `${t.live} · ${t.status[status]}` : t.status[status]}
    </span>
  );
}
