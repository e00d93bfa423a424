/**
 * A tournament at the size of issue 34's scale section, on two hubs over one Postgres and one
 * Redis: 200 teams power-paired into 100 rooms, the round published on hub A all or nothing
 * (100 timers and the round's one lobby, past the 24 timers a hand-made lobby holds), and hub B
 * serving the live wall: 100 tiles, and one lobby subscription carrying all 100 clocks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOBBY_MAX_TIMERS } from '@bianshi/shared';
import { inArray } from 'drizzle-orm';
import { lobbyTimers } from '../../hub/src/lobbies/lobby.schema';
import { matches, timers } from '../../hub/src/timers/timer.schema';
import { createAccount, type TestAccount } from '../support/accounts';
import { addJudges, bigTeamsCsv, bigVenues } from '../support/big-tournament';
import { startHub, type TestHub } from '../support/hub';
import { watchLobby } from '../support/lobby';
import { createScratchPostgres, type ScratchDatabase } from '../support/postgres';
import { startRedis, type TestRedis } from '../support/redis';
import { httpClient } from '../support/trpc';

const TEAMS = 200;
const ROOMS = TEAMS / 2;

describe('a 200-team round on two hubs (Postgres + Redis)', () => {
  let scratch: ScratchDatabase;
  let redis: TestRedis;
  let a: TestHub;
  let b: TestHub;
  let owner: TestAccount;
  let tournamentId = '';
  const slug = `big-${Date.now().toString(36)}`;

  beforeAll(async () => {
    [scratch, redis] = await Promise.all([createScratchPostgres(), startRedis()]);
    const env = { REDIS_URL: redis.url, LOG_LEVEL: 'silent' };
    a = await startHub({ database: { kind: 'postgres', url: scratch.url }, env });
    b = await startHub({ database: { kind: 'postgres', url: scratch.url }, env });
    owner = await createAccount(a, 'big-owner');
    ({ id: tournamentId } = await owner.client.tournament.create.mutate({
      tournament: { name: '二百队邀请赛', slug, venues: bigVenues(ROOMS), judgesPerFixture: 3 },
    }));
    expect(
      await owner.client.tournament.importTeams.mutate({
        tournamentId,
        import: { source: 'csv', text: bigTeamsCsv(TEAMS) },
      }),
    ).toEqual({ ok: true, added: TEAMS });
    // More judges than the old limit of 200: a panel of three in every room.
    await addJudges(owner.client, tournamentId, ROOMS * 3);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await redis?.close();
    await scratch?.drop();
  });

  it('publishes a 100-room round on one hub; the other serves its live wall over one lobby watch', async () => {
    const { roundId } = await owner.client.tournament.addRound.mutate({
      tournamentId,
      round: { drawKind: 'power' },
    });
    expect(
      await owner.client.tournament.drawRound.mutate({ tournamentId, draw: { roundId, seed: 'big' } }),
    ).toMatchObject({ rooms: ROOMS });

    const published = await owner.client.tournament.publishRound.mutate({ tournamentId, roundId });
    // Past what a hand-made lobby may show: the round is not refused as too big.
    expect(ROOMS).toBeGreaterThan(LOBBY_MAX_TIMERS);
    expect(published.timerIds).toHaveLength(ROOMS);
    expect(published.shortfalls).toEqual([]);
    const { db } = a.services.database;
    expect(
      await db.select({ id: timers.id }).from(timers).where(inArray(timers.id, published.timerIds)),
    ).toHaveLength(ROOMS);
    const firstMatches = await db
      .select({ timerId: matches.timerId })
      .from(matches)
      .where(inArray(matches.timerId, published.timerIds));
    expect(new Set(firstMatches.map((row) => row.timerId)).size).toBe(ROOMS);
    const lobbyRows = await db.select({ lobbyId: lobbyTimers.lobbyId }).from(lobbyTimers);
    expect(lobbyRows.filter((row) => row.lobbyId === published.lobbyId)).toHaveLength(ROOMS);

    // Every fixture points at its own timer, with a panel of three nobody else in the round sits on.
    const view = await b.services.tournaments.core.view(slug, {
      id: owner.id,
      email: owner.email,
      displayName: '',
    });
    const fixtures = view.rounds[0]!.fixtures;
    expect(fixtures.map((fixture) => fixture.timerId)).toEqual(published.timerIds);
    const seated = fixtures.flatMap((fixture) => fixture.judgeIds);
    expect(seated).toHaveLength(ROOMS * 3);
    expect(new Set(seated).size).toBe(seated.length);

    // Hub B: the live wall has a tile per room and the round's one lobby.
    const live = await httpClient(b.url).tournament.live.query({ slug });
    expect(live.lobby?.id).toBe(published.lobbyId);
    expect(live.tiles.map((tile) => tile.timerId)).toEqual(published.timerIds);
    expect(new Set(live.tiles.map((tile) => tile.venue)).size).toBe(ROOMS);

    // One subscription on hub B carries all 100 clocks, and a command on hub A reaches it.
    const wall = watchLobby(b.wsUrl, { lobbyId: published.lobbyId, role: 'audience' });
    try {
      await wall.until((w) =>
        w.tracked.some(
          ({ message }) =>
            message.type === 'snapshot' && message.matches.filter((entry) => entry.watch).length === ROOMS,
        ),
      );
      const last = published.timerIds.at(-1)!;
      await owner.client.timer.command.mutate({ timerId: last, command: { type: 'next' } });
      await wall.until((w) =>
        w.tracked.some(
          ({ message }) =>
            message.type === 'match' && message.timerId === last && message.watch.type === 'change',
        ),
      );
    } finally {
      wall.close();
    }
  });
});
