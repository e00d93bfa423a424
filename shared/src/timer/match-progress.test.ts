import { describe, expect, it } from 'vitest';
import { apply } from './match.reducer';
import { createMatch, matchProgress, type MatchState } from './match-state';
import { S, TEST_FORMAT } from './test-format.fixture';

function run(state: MatchState, commands: Parameters<typeof apply>[1][], at = 1_000): MatchState {
  let current = state;
  commands.forEach((command, i) => {
    const result = apply(current, command, at + i * 1_000);
    if (!result.ok) throw new Error(result.error.code);
    current = result.state;
  });
  return current;
}

describe('matchProgress', () => {
  it('is ready while no clock has used any time, wherever the match stands', () => {
    expect(matchProgress(createMatch(TEST_FORMAT, { now: 0 }))).toBe('ready');
    expect(
      matchProgress(run(createMatch(TEST_FORMAT, { now: 0 }), [{ type: 'goto', stageIndex: S.single }])),
    ).toBe('ready');
  });

  it('is paused, never ready, once time was used and the match moved on to a fresh stage', () => {
    const moved = run(createMatch(TEST_FORMAT, { now: 0 }), [
      { type: 'goto', stageIndex: S.single },
      { type: 'start' },
      { type: 'pause' },
      { type: 'next' },
    ]);
    expect(moved.status).toBe('ready');
    expect(matchProgress(moved)).toBe('paused');
  });

  it('keeps running and finished as they are', () => {
    const started = run(createMatch(TEST_FORMAT, { now: 0 }), [
      { type: 'goto', stageIndex: S.single },
      { type: 'start' },
    ]);
    expect(matchProgress(started)).toBe('running');
    expect(matchProgress(run(started, [{ type: 'finish' }], 5_000))).toBe('finished');
  });
});
