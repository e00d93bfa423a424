/**
 * A 200-team tournament (issue 34, *Scale*, two-team rooms) on two hub processes over one
 * Postgres and one Redis. An organizer on hub A imports 200 teams and 300 judges, adds four
 * power-paired rounds and runs three of them (draw, publish, every result confirmed, the team
 * earlier in the list winning). Round 4 is timed: `drawMs` (200 teams paired after three rounds
 * of history) and `publishMs` (100 rooms: timers, matches, the round's lobby, one transaction),
 * both as the organizer waits for them over HTTP. Then every room's clock is started and the
 * live wall is measured: walls on hub B watch the round's lobby as the wall page does (ONE
 * `lobby.watch` for all rooms), the organizer's console sends toggles on hub A, and the latency
 * from sending a command to a wall receiving its frame is the figure (p99 over every command
 * and every wall).
 */
import type { LobbyMessage } from '@bianshi/shared';
import { browserClient, CookieJar, socketClient } from '../../tests/support/accounts';
import { addJudges, bigTeamsCsv, bigVenues, confirmResults } from '../../tests/support/big-tournament';
import { createScratchPostgres } from '../../tests/support/postgres';
import { wsClient } from '../../tests/support/trpc';
import { hubEntry } from '../support/hub';
import { progress } from '../support/log';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { distribution, round1, type Distribution } from '../support/stats';

export interface TournamentOptions {
  teams: number;
  /** Judges added (three a room for the full size). */
  judges: number;
  /** Rounds run (drawn, published, results confirmed) before the timed one. */
  historyRounds: number;
  /** Wall screens on hub B, each one lobby watch. */
  walls: number;
  /** Toggles sent while every clock runs (pause and resume, room after room). */
  commands: number;
  /** Between two commands: the hub allows 60 commands every 3 s from one address. */
  intervalMs: number;
}

export interface TournamentFigures {
  teams: number;
  rooms: number;
  judges: number;
  historyRounds: number;
  /** Round `historyRounds + 1`: `tournament.drawRound`, sent to answered. */
  drawMs: number;
  /** The same round: `tournament.publishRound`, sent to answered. */
  publishMs: number;
  /** `wall.updateLatencyMs.p99`: a command on hub A to the live walls on hub B. */
  wallUpdateP99Ms: number;
  /** Drawing and publishing the history rounds, for comparison (no history → most history). */
  historyMs: { drawMs: number; publishMs: number; confirmMs: number }[];
  setupMs: { importTeams: number; judges: number };
  wall: {
    /** Tiles `tournament.live` gave hub B's wall. */
    tiles: number;
    walls: number;
    /** JSON of the lobby snapshot a wall receives first (every room's match). */
    snapshotBytes: number;
    /** Joining to the snapshot, on the first wall. */
    firstSnapshotMs: number;
    /** Clocks started (every room's) before the latency was measured. */
    clocksStarted: number;
    commands: number;
    /** Command sent on hub A → its frame received by a wall on hub B, every wall. */
    updateLatencyMs: Distribution;
    /** Frames a wall missed (sent commands whose frame never arrived). */
    missed: number;
  };
  /** CPU time of each hub over the latency run, % of one core. */
  hubCpuPercent: { a: number; b: number };
}

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The first stage of the built-in 世界杯 format with a clock (0–2 are cover, teams, sound check). */
const FIRST_SPEECH = 3;

function startHubOn(name: string, databaseUrl: string): Promise<ServerProcess> {
  return startServerProcess({
    name,
    entry: hubEntry,
    env: {
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      LOG_LEVEL: 'warn',
      MAX_SUBSCRIPTIONS_PER_ADDRESS: '0',
    },
    startTimeoutMs: 60_000,
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: round1(performance.now() - started) };
}

/** A wall screen: one lobby watch, every frame stamped as it arrives. */
function wallScreen(wsUrl: string, lobbyId: string) {
  const connection = wsClient(wsUrl);
  const joinedAt = performance.now();
  const frames: { at: number; message: LobbyMessage }[] = [];
  const subscription = connection.client.lobby.watch.subscribe(
    { lobbyId, role: 'audience', name: '直播墙' },
    {
      onData(value: unknown) {
        const envelope = value as { id?: string; data?: LobbyMessage };
        if (envelope.id !== undefined && envelope.data)
          frames.push({ at: performance.now(), message: envelope.data });
      },
    },
  );
  return {
    joinedAt,
    frames,
    close() {
      subscription.unsubscribe();
      connection.close();
    },
  };
}

/** Waits until `ok()` holds, checking every 10 ms. */
async function waitFor(ok: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!ok()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** Runs the scenario and stops everything it started. */
export async function runTournament(options: TournamentOptions): Promise<TournamentFigures> {
  const scratch = await createScratchPostgres();
  const hubs: ServerProcess[] = [];
  const closers: Array<() => void> = [];
  try {
    hubs.push(await startHubOn('hub-a', scratch.url));
    hubs.push(await startHubOn('hub-b', scratch.url));
    const [a, b] = hubs as [ServerProcess, ServerProcess];
    const wsUrl = (hub: ServerProcess) => `${hub.url.replace('http', 'ws')}/api/trpc`;

    const jar = new CookieJar();
    const { client } = browserClient({ url: a.url }, jar, { headers: { 'user-agent': 'bench' } });
    await client.auth.signUp.mutate({
      email: `organizer-${Date.now()}@bianshi.test`,
      password: 'correct horse battery',
      displayName: '赛事组织者',
    });
    const rooms = Math.floor(options.teams / 2);
    const slug = `bench-${Date.now().toString(36)}`;
    const { id: tournamentId } = await client.tournament.create.mutate({
      tournament: { name: '性能测试赛', slug, venues: bigVenues(rooms), judgesPerFixture: 3 },
    });
    progress(`tournament: ${options.teams} teams, ${options.judges} judges`);
    const imported = await timed(() =>
      client.tournament.importTeams.mutate({
        tournamentId,
        import: { source: 'csv', text: bigTeamsCsv(options.teams) },
      }),
    );
    const judges = await timed(() => addJudges(client, tournamentId, options.judges));
    const roundIds: string[] = [];
    for (let i = 0; i <= options.historyRounds; i += 1)
      roundIds.push(
        (await client.tournament.addRound.mutate({ tournamentId, round: { drawKind: 'power' } })).roundId,
      );
    const view = () => client.tournament.get.query({ slug });
    const order = new Map((await view()).teams.map((team, index) => [team.id, index]));

    const historyMs: TournamentFigures['historyMs'] = [];
    for (const [index, roundId] of roundIds.slice(0, options.historyRounds).entries()) {
      const draw = await timed(() => client.tournament.drawRound.mutate({ tournamentId, draw: { roundId } }));
      const publish = await timed(() => client.tournament.publishRound.mutate({ tournamentId, roundId }));
      const fixtures = (await view()).rounds.find((round) => round.id === roundId)!.fixtures;
      const confirm = await timed(() => confirmResults(client, tournamentId, fixtures, order));
      historyMs.push({ drawMs: draw.ms, publishMs: publish.ms, confirmMs: confirm.ms });
      progress(
        `tournament: round ${index + 1} drawn in ${draw.ms} ms, published in ${publish.ms} ms, ${fixtures.length} results in ${confirm.ms} ms`,
      );
    }

    const timedRound = roundIds.at(-1)!;
    const draw = await timed(() =>
      client.tournament.drawRound.mutate({ tournamentId, draw: { roundId: timedRound } }),
    );
    const publish = await timed(() =>
      client.tournament.publishRound.mutate({ tournamentId, roundId: timedRound }),
    );
    progress(
      `tournament: timed round drawn in ${draw.ms} ms (${draw.value.rooms} rooms), published in ${publish.ms} ms`,
    );

    // Hub B's wall: the round as `tournament.live` gives it, then the round's lobby watched.
    const live = await browserClient({ url: b.url }).client.tournament.live.query({
      slug,
      roundId: timedRound,
    });
    if (!live.lobby) throw new Error('the published round has no lobby on hub B');
    const lobbyId = live.lobby.id;
    const walls = Array.from({ length: options.walls }, () => wallScreen(wsUrl(b), lobbyId));
    closers.push(...walls.map((wall) => () => wall.close()));
    const snapshotOf = (wall: (typeof walls)[number]) =>
      wall.frames.find((frame) => frame.message.type === 'snapshot');
    await waitFor(() => walls.every((wall) => snapshotOf(wall)), 30_000, 'the walls’ snapshots');
    const first = snapshotOf(walls[0]!)!;

    // The console on hub A: one socket, signed in as the organizer.
    const consoleSocket = socketClient({ url: a.url, wsUrl: wsUrl(a) }, { cookie: jar.header() });
    closers.push(() => consoleSocket.close());
    const command = (timerId: string, body: { type: 'goto'; stageIndex: number } | { type: 'toggle' }) =>
      consoleSocket.client.timer.command.mutate({ timerId, command: body });
    progress(`tournament: starting ${live.tiles.length} clocks`);
    for (const tile of live.tiles) {
      await command(tile.timerId, { type: 'goto', stageIndex: FIRST_SPEECH });
      await sleep(options.intervalMs);
      await command(tile.timerId, { type: 'toggle' });
      await sleep(options.intervalMs);
    }

    // Pause and resume room after room: at any moment every clock but one is running.
    progress(`tournament: ${options.commands} toggles, one every ${options.intervalMs} ms`);
    const cpuBefore = await Promise.all([a.sample(false), b.sample(false)]);
    const latencyStarted = performance.now();
    const sent: { timerId: string; version: number; at: number }[] = [];
    for (let i = 0; i < options.commands; i += 1) {
      const tile = live.tiles[Math.floor(i / 2) % live.tiles.length]!;
      const at = performance.now();
      const result = await command(tile.timerId, { type: 'toggle' });
      sent.push({ timerId: tile.timerId, version: result.version, at });
      await sleep(options.intervalMs);
    }
    const received = (wall: (typeof walls)[number], timerId: string, version: number) =>
      wall.frames.find(
        ({ message }) =>
          message.type === 'match' &&
          message.timerId === timerId &&
          message.watch.type === 'change' &&
          message.watch.version === version,
      );
    const last = sent.at(-1)!;
    await waitFor(
      () => walls.every((wall) => received(wall, last.timerId, last.version)),
      10_000,
      'the last frame',
    ).catch(() => undefined);
    const elapsedMs = performance.now() - latencyStarted;
    const cpuAfter = await Promise.all([a.sample(false), b.sample(false)]);
    const samples: number[] = [];
    let missed = 0;
    for (const wall of walls)
      for (const command of sent) {
        const frame = received(wall, command.timerId, command.version);
        if (frame) samples.push(frame.at - command.at);
        else missed += 1;
      }
    const latency = distribution(samples);
    const cpu = (index: 0 | 1) =>
      round1(((cpuAfter[index]!.cpuUs - cpuBefore[index]!.cpuUs) / 1000 / elapsedMs) * 100);
    return {
      teams: options.teams,
      rooms: draw.value.rooms,
      judges: options.judges,
      historyRounds: options.historyRounds,
      drawMs: draw.ms,
      publishMs: publish.ms,
      wallUpdateP99Ms: latency.p99,
      historyMs,
      setupMs: { importTeams: imported.ms, judges: judges.ms },
      wall: {
        tiles: live.tiles.length,
        walls: options.walls,
        snapshotBytes: Buffer.byteLength(JSON.stringify(first.message)),
        firstSnapshotMs: round1(first.at - walls[0]!.joinedAt),
        clocksStarted: live.tiles.length,
        commands: sent.length,
        updateLatencyMs: latency,
        missed,
      },
      hubCpuPercent: { a: cpu(0), b: cpu(1) },
    };
  } finally {
    for (const close of closers) close();
    for (const hub of hubs) await hub.stop();
    await scratch.drop();
  }
}
