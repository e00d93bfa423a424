/**
 * A format edit reaches the current match while it has not begun, on every hub: the display on
 * hub B and a lobby screen on hub B take the new stages the moment it is saved on hub A. Once a
 * clock has run, the match keeps its format (the edit is for the next match) and the save says
 * so. No console or script can send the hub's own `setFormat` command.
 */
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getBuiltinFormat,
  lobbyEntryWatch,
  type Format,
  type LobbyMessage,
  type WatchMessage,
} from '@bianshi/shared';
import { startTwoHubs, type TwoHubs } from '../support/two-hubs';
import { httpClient } from '../support/trpc';
import { watch, type Watcher } from '../support/watch';
import { watchLobby, type LobbyWatcher } from '../support/lobby';

/** How long a screen on the other hub may take to show a change (a missing notice never arrives). */
const CROSS_HUB_WAIT_MS = 5_000;

let two: TwoHubs;
const closers: { close(): void }[] = [];
const ws = (url: string) => url.replace('http', 'ws') + '/api/trpc';

beforeAll(async () => {
  two = await startTwoHubs();
}, 120_000);

afterAll(async () => {
  for (const closer of closers) closer.close();
  await two?.close();
});

/** The format a display shows now: its latest snapshot's (changes carry none). */
function displayFormat(w: Watcher): Format | undefined {
  return w.tracked.flatMap((t) => (t.message.type === 'snapshot' ? [t.message.state.format] : [])).at(-1);
}

function lobbyFormat(w: LobbyWatcher, timerId: string): Format | undefined {
  const messages = w.tracked.flatMap(({ message }: { message: LobbyMessage }): WatchMessage[] => {
    if (message.type === 'snapshot')
      return message.matches.flatMap((entry) => {
        const watch = entry.timerId === timerId ? lobbyEntryWatch(message, entry) : null;
        return watch ? [watch] : [];
      });
    if (message.type === 'match' && message.timerId === timerId) return [message.watch];
    return [];
  });
  return messages.flatMap((m) => (m.type === 'snapshot' ? [m.state.format] : [])).at(-1);
}

/** The first speech of a format (its first one-clock stage). */
const firstSpeech = (format: Format) => format.stages.findIndex((stage) => stage.kind === 'single');

/** A copy of a built-in format with its first speech renamed and retimed to 4:00, and its last stage dropped. */
function edited(base: Format, name: string): Format {
  const speech = firstSpeech(base);
  const stages = base.stages
    .slice(0, -1)
    .map((stage, index) =>
      index === speech && stage.kind === 'single' ? { ...stage, name, durationMs: 240_000 } : stage,
    );
  return { ...base, stages };
}

describe('format edits and the current match (2 hubs, Postgres + Redis)', () => {
  it('reach a match that has not begun on every hub, and leave a begun one alone', async () => {
    const [a, b] = two.hubs;
    const created = await httpClient(a.url).timer.create.mutate({ formatId: 'cn-worldcup' });
    const onA = httpClient(a.url, { authorization: `Bearer ${created.controlKey}` });
    const onB = httpClient(b.url, { authorization: `Bearer ${created.controlKey}` });
    const lobby = await httpClient(a.url).lobby.create.mutate({ name: '赛制修改', timers: [created.id] });
    const display = watch(ws(b.url), { timerId: created.id });
    const screen = watchLobby(ws(b.url), { lobbyId: lobby.id });
    closers.push(display, screen);
    const worldcup = getBuiltinFormat('cn-worldcup')!;
    const speech = firstSpeech(worldcup);
    await display.until((w) => displayFormat(w)?.stages.length === worldcup.stages.length);
    await screen.until((w) => lobbyFormat(w, created.id)?.stages.length === worldcup.stages.length);

    // Not begun (the organizer only moved to the first speech): the match takes the edit.
    await onB.timer.command.mutate({ timerId: created.id, command: { type: 'goto', stageIndex: speech } });
    const first = edited(worldcup, '正方一辩 开篇立论');
    const saved = await onA.manage.setFormat.mutate({ timerId: created.id, format: first });
    expect(saved).toMatchObject({ matchId: null, appliedToCurrent: true });
    await display.until(
      (w) => displayFormat(w)?.stages[speech]?.name === '正方一辩 开篇立论',
      CROSS_HUB_WAIT_MS,
    );
    await screen.until(
      (w) => lobbyFormat(w, created.id)?.stages[speech]?.name === '正方一辩 开篇立论',
      CROSS_HUB_WAIT_MS,
    );
    const current = await httpClient(b.url).timer.get.query({ id: created.id });
    expect(current.matchId).toBe(created.matchId);
    expect(current.state.stageIndex).toBe(speech);
    expect(current.state.format.stages).toHaveLength(worldcup.stages.length - 1);
    expect(current.state.stages[speech]?.clocks[0]?.budgetMs).toBe(240_000);

    // Begun: a clock ran. The edit is for the next match; this one keeps its stages.
    await onB.timer.command.mutate({ timerId: created.id, command: { type: 'start' } });
    await onB.timer.command.mutate({ timerId: created.id, command: { type: 'pause' } });
    const second = edited(worldcup, '正方一辩 立论（新）');
    expect(await onA.manage.setFormat.mutate({ timerId: created.id, format: second })).toMatchObject({
      matchId: null,
      appliedToCurrent: false,
    });
    expect((await onA.manage.get.query({ timerId: created.id })).timer.format).toMatchObject({
      stages: second.stages,
    });
    const after = await httpClient(b.url).timer.get.query({ id: created.id });
    expect(after.state.format.stages[speech]?.name).toBe('正方一辩 开篇立论');
    expect(displayFormat(display)?.stages[speech]?.name).toBe('正方一辩 开篇立论');
  });

  it('refuses setFormat from a console, the HTTP API and an offline replay', async () => {
    const [a] = two.hubs;
    const created = await httpClient(a.url).timer.create.mutate({ formatId: 'cn-worldcup' });
    const owner = httpClient(a.url, { authorization: `Bearer ${created.controlKey}` });
    const format = edited(getBuiltinFormat('cn-worldcup')!, '偷改');
    const refused = await owner.timer.command
      .mutate({ timerId: created.id, command: { type: 'setFormat', format } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCClientError);
    expect((refused as TRPCClientError<never>).data).toMatchObject({
      reason: 'invalid-input',
      issues: [{ field: 'command', reason: 'hub-only', message: '这个指令只能由服务器发出' }],
    });
    const api = await fetch(`${a.url}/api/v1/timers/${created.id}/commands`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${created.controlKey}` },
      body: JSON.stringify({ type: 'setFormat', format }),
    });
    expect(api.status).toBe(400);
    expect(((await api.json()) as { error: { issues: { reason: string }[] } }).error.issues[0]?.reason).toBe(
      'hub-only',
    );
    const replay = await owner.timer.replay
      .mutate({
        timerId: created.id,
        matchId: created.matchId,
        baseVersion: 0,
        commands: [{ command: { type: 'setFormat', format }, at: Date.now() }],
      })
      .catch((error: unknown) => error);
    expect(replay).toBeInstanceOf(TRPCClientError);
    expect((await httpClient(a.url).timer.get.query({ id: created.id })).state.version).toBe(0);
  });
});
