import { describe, expect, it } from 'vitest';
import { commandSchema, type CommandInput } from './command.schema';
import { createMatch, usedAt } from './match-state';
import { apply } from './match.reducer';
import { S, TEST_FORMAT } from './test-format.fixture';
import { replayLog, replayedState, undoStep, type LogStep } from './undo';

const steps = (entries: ReadonlyArray<readonly [number, CommandInput]>): LogStep[] =>
  entries.map(([at, command]) => ({ at, command: commandSchema.parse(command) }));
const fresh = () => createMatch(TEST_FORMAT, { now: 0 });

describe('undo over a replayed log', () => {
  it('brings back a reset speech with the time it ran meanwhile', () => {
    const replay = replayLog(
      fresh(),
      steps([
        [0, { type: 'goto', stageIndex: S.countUp }],
        [1_000, { type: 'start' }],
        [21_000, { type: 'resetStage' }],
      ]),
    );
    expect(usedAt(replayedState(replay).stages[S.countUp]!.clocks[0]!, 25_000)).toBe(0);
    const undone = undoStep(replay, 25_000);
    expect(undone.ok).toBe(true);
    if (!undone.ok) return;
    const clock = undone.state.stages[S.countUp]!.clocks[0]!;
    // Running since 1 s, as if the reset never happened: 24 s used at the undo.
    expect(clock.runningSince).toBe(1_000);
    expect(usedAt(clock, 25_000)).toBe(24_000);
    expect(undone.state.version).toBe(4);
    expect(undone.state.status).toBe('running');
    expect(undone.events.at(-1)).toEqual({ type: 'commandUndone', command: 'resetStage', at: 25_000 });
  });

  it('walks back one command per undo, reopens a finished match, and refuses when nothing is left', () => {
    const log = steps([
      [0, { type: 'next' }],
      [1_000, { type: 'start' }],
      [3_000, { type: 'finish' }],
      [4_000, { type: 'undo' }],
    ]);
    const replay = replayLog(fresh(), log);
    expect(replay.rejected).toBe(0);
    const reopened = replayedState(replay);
    expect(reopened.finishedAt).toBeNull();
    expect(reopened.status).toBe('running');
    const second = undoStep(replay, 5_000);
    expect(second.ok && second.state.status).toBe('ready');
    expect(second.ok && second.state.stageIndex).toBe(S.single);
    const third = replayLog(fresh(), [
      ...log,
      ...steps([
        [5_000, { type: 'undo' }],
        [6_000, { type: 'undo' }],
      ]),
    ]);
    expect(replayedState(third).stageIndex).toBe(S.cover);
    expect(undoStep(third, 7_000)).toEqual({
      ok: false,
      error: { code: 'nothing-to-undo', message: '没有可以撤销的操作' },
    });
  });

  it('refuses to take back what the scheduler did', () => {
    const replay = replayLog(
      fresh(),
      steps([
        [0, { type: 'goto', stageIndex: S.single }],
        [0, { type: 'start' }],
        [61_000, { type: 'expire' }],
      ]),
    );
    const refused = undoStep(replay, 62_000);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.code).toBe('undo-after-scheduler');
  });

  it('is refused by the reducer alone, which has no history', () => {
    const result = apply(fresh(), commandSchema.parse({ type: 'undo' }), 0);
    expect(!result.ok && result.error.code).toBe('undo-needs-log');
  });

  it('does not tell again what fell due before the command it takes back', () => {
    // A 60 s speech with a bell at 50 s; paused at 55 s (the pause processes the 50 s bell), undone at 56 s.
    const replay = replayLog(
      fresh(),
      steps([
        [0, { type: 'goto', stageIndex: S.single }],
        [0, { type: 'start' }],
        [55_000, { type: 'pause' }],
      ]),
    );
    expect(replay.steps.at(-1)!.events.filter((event) => event.type === 'bell')).toHaveLength(1);
    const undone = undoStep(replay, 56_000);
    expect(undone.ok && undone.events.filter((event) => event.type === 'bell')).toEqual([]);
    // The 60 s bell still comes, when it is due.
    const later = undone.ok ? apply(undone.state, { type: 'expire' }, 60_000) : null;
    expect(
      later?.ok && later.events.filter((event) => event.type === 'bell').map((event) => event.at),
    ).toEqual([60_000]);
  });
});
