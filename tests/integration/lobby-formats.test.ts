/**
 * A lobby snapshot sends each distinct format once: a round whose matches share a format (the
 * wall of a tournament round) carries its stages once, not once a match, and every screen still
 * gets each match with its own format's stages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBuiltinFormat, lobbyEntryWatch, type Format, type LobbySnapshot } from '@bianshi/shared';
import { startHub, type TestHub } from '../support/hub';
import { watchLobby, type LobbyWatcher } from '../support/lobby';
import { httpClient, type HubClient } from '../support/trpc';
import { speechFormat } from '../support/formats';

const WORLDCUP = getBuiltinFormat('cn-worldcup')!;
const SHORT = speechFormat('lobby-formats', '短赛制', [120_000, 120_000]) as unknown as Format;
/** Twelve matches on 世界杯赛制, two on a short format. */
const PLAN = [...Array.from({ length: 12 }, () => WORLDCUP), SHORT, SHORT];

const occurrences = (text: string, part: string) => text.split(part).length - 1;

function firstSnapshot(watcher: LobbyWatcher): LobbySnapshot {
  const first = watcher.tracked[0]!.message;
  if (first.type !== 'snapshot') throw new Error(`first frame was ${first.type}`);
  return first;
}

describe('lobby snapshots carry each format once', () => {
  let hub: TestHub;
  let anonymous: HubClient;
  let timers: { id: string; format: Format; controller: HubClient }[];
  let lobbyId: string;
  const open: LobbyWatcher[] = [];
  const join = () => {
    const watcher = watchLobby(hub.wsUrl, { lobbyId, role: 'display' });
    open.push(watcher);
    return watcher;
  };

  beforeAll(async () => {
    hub = await startHub();
    anonymous = httpClient(hub.url);
    timers = await Promise.all(
      PLAN.map(async (format, index) => {
        const created = await anonymous.timer.create.mutate({ name: `${index + 1} 号赛场`, format });
        return {
          id: created.id,
          format,
          controller: httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` }),
        };
      }),
    );
    const lobby = await anonymous.lobby.create.mutate({
      name: '第二轮',
      organizerName: '组委会',
      visibility: 'public',
      timers: timers.map((t) => t.id),
    });
    lobbyId = lobby.id;
  });
  afterAll(async () => {
    for (const watcher of open) watcher.close();
    await hub?.close();
  });

  it('sends one format per distinct format, and every match with its own stages', async () => {
    // One clock running, so the matches' states differ while their formats do not.
    await timers[12]!.controller.timer.command.mutate({
      timerId: timers[12]!.id,
      command: { type: 'start' },
    });
    const screen = join();
    await screen.until((w) => w.tracked.length >= 1);
    const first = firstSnapshot(screen);
    const json = JSON.stringify(first);

    expect(Object.keys(first.formats)).toHaveLength(2);
    expect(occurrences(json, '"schemaVersion":')).toBe(2);
    expect(occurrences(json, JSON.stringify(WORLDCUP.stages[0]!.name))).toBe(1);
    expect(first.matches.map((entry) => entry.timerId)).toEqual(timers.map((t) => t.id));
    const keys = first.matches.map((entry) => entry.watch?.formatKey);
    expect(new Set(keys.slice(0, 12)).size).toBe(1);
    expect(keys[12]).toBe(keys[13]);
    expect(keys[12]).not.toBe(keys[0]);
    for (const [index, entry] of first.matches.entries()) {
      const watch = lobbyEntryWatch(first, entry);
      expect(watch?.state.format.stages.map((stage) => stage.name)).toEqual(
        timers[index]!.format.stages.map((stage) => stage.name),
      );
      expect(watch?.timer.id).toBe(timers[index]!.id);
    }
    expect(first.matches[12]!.watch!.version).toBeGreaterThan(first.matches[13]!.watch!.version);

    // What the same snapshot weighed with every match carrying its format.
    const expanded = JSON.stringify({
      ...first,
      formats: undefined,
      matches: first.matches.map((entry) => ({
        timerId: entry.timerId,
        watch: lobbyEntryWatch(first, entry),
      })),
    });
    console.info(
      `lobby of ${PLAN.length} matches, first frame ${json.length} B (each format in every match: ${expanded.length} B)`,
    );
    // Eleven of the twelve 世界杯赛制 copies and one of the two short ones are gone.
    expect(expanded.length - json.length).toBeGreaterThan(11 * JSON.stringify(WORLDCUP).length);
  });

  it('keeps the keys when a change makes the next screen a new snapshot', async () => {
    const before = join();
    await before.until((w) => w.tracked.length >= 1);
    const keys = Object.keys(firstSnapshot(before).formats).sort();
    await timers[13]!.controller.timer.command.mutate({
      timerId: timers[13]!.id,
      command: { type: 'start' },
    });
    await before.until((w) =>
      w.tracked.some((t) => t.message.type === 'match' && t.message.timerId === timers[13]!.id),
    );
    const after = join();
    await after.until((w) => w.tracked.length >= 1);
    const snapshot = firstSnapshot(after);
    expect(snapshot.version).toBeGreaterThan(firstSnapshot(before).version);
    expect(Object.keys(snapshot.formats).sort()).toEqual(keys);
    expect(lobbyEntryWatch(snapshot, snapshot.matches[13]!)?.state.format.stages).toHaveLength(
      SHORT.stages.length,
    );
  });
});
