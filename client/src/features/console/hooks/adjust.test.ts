import {
  apply,
  BUILTIN_FORMATS,
  createMatch,
  type Command,
  type Format,
  type MatchState,
} from '@bianshi/shared';
import { describe, expect, it } from 'vitest';
import { abilitiesOf, applicableAdjust } from './use-console-actions';

const format = BUILTIN_FORMATS.find((value) => value.id === 'cn-worldcup') as Format;

function at(commands: Command[]): MatchState {
  let state = createMatch(format, { now: 0 });
  commands.forEach((command, i) => {
    const result = apply(state, command, 1_000 + i * 4_000);
    if (!result.ok) throw new Error(result.error.code);
    state = result.state;
  });
  return state;
}

describe('±10 秒 on the console', () => {
  it('is blocked, with a reason, when nothing was used; gives back only what was used', () => {
    const fresh = at([{ type: 'goto', stageIndex: 3 }]);
    expect(abilitiesOf(fresh).giveBackBlocked).toMatch(/没有用时/);
    expect(applicableAdjust(fresh, 10_000, 10_000)).toBe(0);
    // Started at 5 s, paused at 9 s: 4 s used.
    const used = at([{ type: 'goto', stageIndex: 3 }, { type: 'start' }, { type: 'pause' }]);
    expect(abilitiesOf(used).giveBackBlocked).toBeNull();
    expect(applicableAdjust(used, 10_000, 20_000)).toBe(4_000);
    expect(applicableAdjust(used, -10_000, 20_000)).toBe(-10_000);
  });
});
