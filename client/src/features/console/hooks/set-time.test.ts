import {
  apply,
  BUILTIN_FORMATS,
  commandSchema,
  createMatch,
  remaining,
  elapsed,
  type CommandInput,
  type Format,
  type MatchState,
} from '@bianshi/shared';
import { describe, expect, it } from 'vitest';
import { setTimeCommand } from './set-time';

const byId = (id: string) => BUILTIN_FORMATS.find((value) => value.id === id) as Format;

function run(format: Format, commands: CommandInput[], start = 0): MatchState {
  let state = createMatch(format, { now: start });
  commands.forEach((command, i) => {
    const result = apply(state, commandSchema.parse(command), start + 1_000 + i * 4_000);
    if (!result.ok) throw new Error(`${command.type}: ${result.error.code}`);
    state = result.state;
  });
  return state;
}

/** Sets the shown time at `now` and reads the clock right after. */
function setAndRead(state: MatchState, targetMs: number, now: number, read: typeof remaining) {
  const made = setTimeCommand(state, targetMs, now);
  if (!made.ok) throw new Error(made.reason);
  const result = apply(state, commandSchema.parse(made.command), now);
  if (!result.ok) throw new Error(result.error.code);
  return { command: made.command, shown: read(result.state, now) };
}

describe('设定时间: the active clock shows exactly the typed time', () => {
  const worldcup = byId('cn-worldcup');
  const speech = worldcup.stages.findIndex((stage) => stage.kind === 'single');
  const free = worldcup.stages.findIndex((stage) => stage.kind === 'dual');

  it.each([
    ['a countdown not started, less time', [], 90_000, 'adjust'],
    ['a countdown not started, more than the stage', [], 300_000, 'setBudget'],
    ['a running countdown', [{ type: 'start' }], 60_000, 'adjust'],
    ['a paused countdown, more than the stage', [{ type: 'start' }, { type: 'pause' }], 240_000, 'setBudget'],
  ] as [string, CommandInput[], number, string][])('%s', (_what, steps, target, type) => {
    const state = run(worldcup, [{ type: 'goto', stageIndex: speech }, ...steps]);
    const { command, shown } = setAndRead(state, target, 20_000, remaining);
    expect(command.type).toBe(type);
    expect(shown).toBe(target);
  });

  it('sets the speaking side of a two-clock stage', () => {
    const state = run(worldcup, [{ type: 'goto', stageIndex: free }, { type: 'switchSide' }]);
    const { command } = setAndRead(state, 100_000, 20_000, remaining);
    expect(command).toMatchObject({ clock: 1 });
  });

  it('sets the time used on a count-up clock', () => {
    const oregon = BUILTIN_FORMATS.find((format) =>
      format.stages.some((stage) => stage.kind === 'single' && stage.direction === 'up'),
    )!;
    const index = oregon.stages.findIndex((stage) => stage.kind === 'single' && stage.direction === 'up');
    const state = run(oregon, [{ type: 'goto', stageIndex: index }, { type: 'start' }]);
    expect(setAndRead(state, 30_000, 20_000, elapsed).shown).toBe(30_000);
  });

  it('refuses a stage without a clock and a finished match', () => {
    expect(setTimeCommand(run(worldcup, []), 60_000, 5_000)).toEqual({ ok: false, reason: 'no-clock' });
    expect(setTimeCommand(run(worldcup, [{ type: 'finish' }]), 60_000, 9_000)).toEqual({
      ok: false,
      reason: 'finished',
    });
  });
});
