import type { TournamentRound, TournamentTeam, TournamentView } from '@bianshi/shared';
import { Link } from 'react-router';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { useFixtureClock, useRoundClocks } from '../hooks/use-round-clocks';
import type { LobbyStore } from '../../../lib/realtime/lobby';
import { useStore } from 'zustand';
import { createTimerStore } from '../../../lib/realtime/timer';
import { liveFixtureStatus, teamsById } from '../view-model';
import { FixtureTile } from './fixture-tile';

const t = tournamentText.fixtures;

/** 赛程: every published round with its fixtures; a round with live fixtures shows their synced clocks. */
export function FixturesTab({ view }: { view: TournamentView }) {
  const rounds = view.rounds.filter((round) => round.status === 'published');
  const teams = teamsById(view);
  const pools = new Map(
    view.stages.flatMap((stage) => stage.pools.map((pool) => [pool.id, pool.name] as const)),
  );
  const stages = new Map(view.stages.map((stage) => [stage.id, stage.name] as const));
  if (rounds.length === 0) return <p className="tm-empty">{t.empty}</p>;
  return (
    <div className="tm-rounds">
      {[...rounds].reverse().map((round) => (
        <RoundFixtures
          key={round.id}
          slug={view.slug}
          round={round}
          stageName={stages.get(round.stageId) ?? ''}
          teams={teams}
          pools={pools}
        />
      ))}
    </div>
  );
}

function RoundFixtures({
  slug,
  round,
  stageName,
  teams,
  pools,
}: {
  slug: string;
  round: TournamentRound;
  stageName: string;
  teams: Map<string, TournamentTeam>;
  pools: Map<string, string>;
}) {
  const open = round.fixtures.some((fixture) => fixture.status !== 'finished');
  // One subscription per round not over yet, through its lobby (so 未开始 → 进行中 follows the clocks); none for rounds that are over.
  const store = useRoundClocks(round.lobby, open);
  return (
    <section className="tm-round" aria-label={round.name} data-testid="tm-round">
      <header className="tm-round__head">
        <h3 className="tm-round__title">
          {stageName && !round.name.includes(stageName) && <span className="tm-muted">{stageName} · </span>}
          {round.name}
        </h3>
        {round.lobby && (
          <Link className="btn btn--ghost btn--sm" to={`/worldcup/${slug}/live/${round.id}`}>
            {t.openWall}
          </Link>
        )}
      </header>
      <div className="tm-fixtures">
        {round.fixtures.map((fixture) => (
          <LiveFixtureTile
            key={fixture.id}
            store={store}
            fixture={fixture}
            teams={teams}
            poolName={fixture.poolId ? (pools.get(fixture.poolId) ?? null) : null}
          />
        ))}
      </div>
      {round.fixtures.length === 0 && <p className="tm-empty">{t.empty}</p>}
    </section>
  );
}

function LiveFixtureTile({
  store,
  fixture,
  ...props
}: { store: LobbyStore } & Omit<Parameters<typeof FixtureTile>[0], 'clock'>) {
  const clock = useFixtureClock(store, fixture.timerId);
  const state = useStore(clock ?? EMPTY_CLOCK, (s) => s.state);
  const status = liveFixtureStatus(fixture.status, clock ? state : null);
  return (
    <FixtureTile
      {...props}
      fixture={status === fixture.status ? fixture : { ...fixture, status }}
      clock={clock}
    />
  );
}

/** Stands in while a fixture's clock has no frame yet (hooks need a store). */
const EMPTY_CLOCK = createTimerStore();
