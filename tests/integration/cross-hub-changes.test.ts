/**
 * Every change reaches every hub: settings saves, a new match and a switch of the current match
 * made on hub A reach displays and lobby screens on hubs B and C, and a watcher that connects to
 * hub C afterwards is served the new match (not a stale room). Three hub processes on one
 * Postgres and one Redis, as behind a load balancer.
 *
 * Waits are bounded (a few seconds, for a loaded CI machine) but never pass on their own: a hub
 * that did not hear of a change never shows it, so the wait times out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lobbyEntryWatch, type LobbyMessage, type TimerPublic, type WatchMessage } from '@bianshi/shared';
import { createScratchPostgres, type ScratchDatabase } from '../support/postgres';
import { spawnHub, type HubProcess } from '../support/process-hub';
import { startRedis, type TestRedis } from '../support/redis';
import { httpClient } from '../support/trpc';
import { watch, type Watcher } from '../support/watch';
import { watchLobby, type LobbyWatcher } from '../support/lobby';

/** How long a screen on another hub may take to show a change here (a missing notice never arrives). */
const CROSS_HUB_WAIT_MS = 3_000;

/** Every timer fact a display has seen (snapshots and `timer` frames). */
function displayFacts(w: Watcher): TimerPublic[] {
  const fromSnapshots = w.tracked.flatMap((t) => (t.message.type === 'snapshot' ? [t.message.timer] : []));
  const fromFrames = w.plain.flatMap((m) => (m.type === 'timer' ? [m.timer] : []));
  return [...fromSnapshots, ...fromFrames];
}

/** The match the display shows now (its latest snapshot or change). */
function displayMatch(w: Watcher): string | undefined {
  const last = w.tracked.at(-1)?.message;
  return last && (last.type === 'snapshot' || last.type === 'change') ? last.matchId : undefined;
}

/** The watch messages a lobby screen got for one timer (snapshot entries and relayed frames). */
function lobbyWatchMessages(w: LobbyWatcher, timerId: string): WatchMessage[] {
  return w.tracked.flatMap(({ message }: { message: LobbyMessage }) => {
    if (message.type === 'snapshot')
      return message.matches.flatMap((entry) => {
        const watch = entry.timerId === timerId ? lobbyEntryWatch(message, entry) : null;
        return watch ? [watch] : [];
      });
    if (message.type === 'match' && message.timerId === timerId) return [message.watch];
    return [];
  });
}

function lobbyFacts(w: LobbyWatcher, timerId: string): TimerPublic[] {
  return lobbyWatchMessages(w, timerId).flatMap((m) =>
    m.type === 'snapshot' || m.type === 'timer' ? [m.timer] : [],
  );
}

function lobbyMatch(w: LobbyWatcher, timerId: string): string | undefined {
  const last = lobbyWatchMessages(w, timerId)
    .filter((m) => m.type === 'snapshot' || m.type === 'change')
    .at(-1);
  return last && (last.type === 'snapshot' || last.type === 'change') ? last.matchId : undefined;
}

describe('every change reaches every hub (3 hubs, Postgres + Redis)', () => {
  let scratch: ScratchDatabase;
  let redis: TestRedis;
  const hubs: HubProcess[] = [];
  const closers: { close(): void }[] = [];
  const ws = (hub: HubProcess) => hub.url.replace('http', 'ws') + '/api/trpc';
  const track = <T extends { close(): void }>(w: T) => (closers.push(w), w);

  beforeAll(async () => {
    [scratch, redis] = await Promise.all([createScratchPostgres(), startRedis()]);
    const env = { DATABASE_URL: scratch.url, REDIS_URL: redis.url };
    hubs.push(await spawnHub(env));
    hubs.push(...(await Promise.all([spawnHub(env), spawnHub(env)])));
  }, 120_000);

  afterAll(async () => {
    for (const w of closers) w.close();
    for (const hub of hubs) await hub.kill();
    await redis?.close();
    await scratch?.drop();
  });

  it('shows settings saves, new matches and a switched current match on hubs B and C', async () => {
    const [a, b, c] = hubs as [HubProcess, HubProcess, HubProcess];
    const created = await httpClient(a.url).timer.create.mutate({ name: '跨实例', formatId: 'cn-worldcup' });
    const { id: timerId } = created;
    const onA = httpClient(a.url, { authorization: `Bearer ${created.controlKey}` });
    const lobby = await httpClient(a.url).lobby.create.mutate({ name: '跨实例大厅', timers: [timerId] });

    const displays = [track(watch(ws(b), { timerId })), track(watch(ws(c), { timerId }))];
    const screens = [
      track(watchLobby(ws(b), { lobbyId: lobby.id })),
      track(watchLobby(ws(c), { lobbyId: lobby.id })),
    ];
    await Promise.all(displays.map((w) => w.until((x) => displayMatch(x) === created.matchId)));
    await Promise.all(screens.map((w) => w.until((x) => lobbyMatch(x, timerId) === created.matchId)));

    /** Waits until every display and lobby screen on B and C has seen timer facts that pass `seen`. */
    const everywhere = async (what: string, seen: (timer: TimerPublic) => boolean) => {
      await Promise.all([
        ...displays.map((w) => w.until((x) => displayFacts(x).some(seen), CROSS_HUB_WAIT_MS)),
        ...screens.map((w) => w.until((x) => lobbyFacts(x, timerId).some(seen), CROSS_HUB_WAIT_MS)),
      ]).catch((error: unknown) => {
        throw new Error(`${what} did not reach hubs B and C: ${String(error)}`);
      });
    };

    await onA.manage.updateInfo.mutate({ timerId, name: '决赛 · 改名', description: '' });
    await everywhere('the name', (t) => t.name === '决赛 · 改名');

    const teams = {
      aff: { name: '复旦大学', school: '', debaters: [] },
      neg: { name: '南京大学', school: '', debaters: [] },
    };
    await onA.manage.updateSettings.mutate({ timerId, section: 'teams', value: teams });
    await everywhere(
      'team names',
      (t) => (t.settings.teams as typeof teams | undefined)?.neg.name === '南京大学',
    );

    await onA.manage.updateSettings.mutate({ timerId, section: 'skin', value: { preset: 'high-contrast' } });
    await everywhere(
      'the skin',
      (t) => (t.settings.skin as { preset?: string } | undefined)?.preset === 'high-contrast',
    );

    await onA.manage.updateSettings.mutate({ timerId, section: 'audio', value: { volume: 0.25 } });
    await everywhere(
      'the audio',
      (t) => (t.settings.audio as { volume?: number } | undefined)?.volume === 0.25,
    );

    await onA.manage.updateSettings.mutate({
      timerId,
      section: 'details',
      value: { topic: '人工智能利大于弊' },
    });
    await everywhere('the topic', (t) => t.settings.topic === '人工智能利大于弊');

    await onA.manage.updateSettings.mutate({ timerId, section: 'display', value: { tenths: false } });
    await everywhere(
      'the display setting',
      (t) => (t.settings.display as { tenths?: boolean } | undefined)?.tenths === false,
    );

    // The logo: set on A through a real upload is covered by manage-uploads; clearing it crosses hubs the same way.
    await onA.manage.updateSettings.mutate({ timerId, section: 'logo', value: { logoUrl: null } });
    await onA.manage.updateInfo.mutate({ timerId, name: '决赛 · 标志已清除', description: '' });
    await everywhere(
      'the logo save',
      (t) => t.name === '决赛 · 标志已清除' && t.settings.logoUrl === undefined,
    );

    // A new match (manage.startMatch) on A: displays and lobby relays on B and C move to it.
    const started = await onA.manage.startMatch.mutate({ timerId, entry: { title: '第二场' } });
    expect(started.matchId).not.toBe(created.matchId);
    await Promise.all([
      ...displays.map((w) => w.until((x) => displayMatch(x) === started.matchId, CROSS_HUB_WAIT_MS)),
      ...screens.map((w) => w.until((x) => lobbyMatch(x, timerId) === started.matchId, CROSS_HUB_WAIT_MS)),
    ]);
    // A command on the new match, made on A, reaches B and C through the relays they moved to.
    await onA.timer.command.mutate({ timerId, command: { type: 'next' } });
    await Promise.all(
      displays.map((w) =>
        w.until(
          (x) => x.tracked.some((t) => t.message.type === 'change' && t.message.matchId === started.matchId),
          CROSS_HUB_WAIT_MS,
        ),
      ),
    );

    // A watcher that connects to hub C afterwards is served the new match.
    const late = track(watch(ws(c), { timerId }));
    await late.until((x) => x.tracked.length >= 1);
    expect(displayMatch(late)).toBe(started.matchId);

    // timer.newMatch is the same use case.
    const next = await onA.timer.newMatch.mutate({ timerId });
    await Promise.all(
      displays.map((w) => w.until((x) => displayMatch(x) === next.matchId, CROSS_HUB_WAIT_MS)),
    );

    // Switching back to the first match (manage.makeCurrent) on A.
    await onA.manage.makeCurrent.mutate({ timerId, matchId: created.matchId });
    await Promise.all([
      ...displays.map((w) => w.until((x) => displayMatch(x) === created.matchId, CROSS_HUB_WAIT_MS)),
      ...screens.map((w) => w.until((x) => lobbyMatch(x, timerId) === created.matchId, CROSS_HUB_WAIT_MS)),
    ]);
    const later = track(watch(ws(c), { timerId }));
    await later.until((x) => x.tracked.length >= 1);
    expect(displayMatch(later)).toBe(created.matchId);
    // And hub B's HTTP read agrees.
    expect((await httpClient(b.url).timer.get.query({ id: timerId })).matchId).toBe(created.matchId);
  }, 90_000);

  it('ends the powers of sockets on hubs B and C when the control key is rotated or the timer made private on hub A', async () => {
    const [a, b, c] = hubs as [HubProcess, HubProcess, HubProcess];
    const created = await httpClient(a.url).timer.create.mutate({ name: '撤销' });
    const onA = httpClient(a.url, { authorization: `Bearer ${created.controlKey}` });
    const consoleOnB = track(
      watch(ws(b), { timerId: created.id, role: 'controller' }, { controlKey: created.controlKey }),
    );
    const displayOnC = track(watch(ws(c), { timerId: created.id }));
    await Promise.all([consoleOnB, displayOnC].map((w) => w.until((x) => x.tracked.length === 1)));

    await onA.manage.regenerateControlKey.mutate({ timerId: created.id });
    // Closed (4004); its client reconnects with the old key and is refused.
    await consoleOnB.until((x) => x.errors.length > 0, CROSS_HUB_WAIT_MS);
    expect(displayOnC.errors).toEqual([]);

    const { controlKey } = await onA.manage.regenerateControlKey
      .mutate({ timerId: created.id })
      .catch(() => ({ controlKey: '' }));
    expect(controlKey).toBe(''); // the old key no longer manages anything
    const owner = await httpClient(a.url).timer.create.mutate({ name: '私有化' });
    const ownerOnA = httpClient(a.url, { authorization: `Bearer ${owner.controlKey}` });
    const publicScreen = track(watch(ws(c), { timerId: owner.id }));
    await publicScreen.until((x) => x.tracked.length === 1);
    await ownerOnA.manage.setPrivate.mutate({ timerId: owner.id, private: true });
    await publicScreen.until((x) => x.errors.length > 0, CROSS_HUB_WAIT_MS);
  }, 60_000);
});
