import { describe, expect, it } from 'vitest';
import { getBuiltinFormat } from '../formats/index';
import { commandSchema, HUB_ONLY_COMMANDS, type CommandInput } from './command.schema';
import { createMatch, type MatchState } from './match-state';
import { apply } from './match.reducer';
import { S, TEST_FORMAT } from './test-format.fixture';
import { deriveRecord } from '../record/match-record';

const step = (state: MatchState, input: CommandInput, at: number): MatchState => {
  const result = apply(state, commandSchema.parse(input), at);
  if (!result.ok) throw new Error(`${input.type} refused: ${result.error.code}`);
  return result.state;
};

describe('setFormat', () => {
  const worldcup = getBuiltinFormat('cn-worldcup')!;

  it('gives a match that has not begun the new format: fresh clocks, the same stage, overlays kept', () => {
    let state = createMatch(TEST_FORMAT, { now: 0 });
    state = step(state, { type: 'goto', stageIndex: S.single }, 1_000);
    state = step(state, { type: 'overlay', action: 'message', text: '请入场' }, 2_000);
    const result = apply(state, commandSchema.parse({ type: 'setFormat', format: worldcup }), 3_000);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.state.format).toEqual(worldcup);
    expect(result.state.version).toBe(state.version + 1);
    expect(result.state.stageIndex).toBe(S.single);
    expect(result.state.stages).toEqual(createMatch(worldcup, { now: 0 }).stages);
    expect(result.state.overlay.message).toBe('请入场');
    expect(result.state.status).toBe('ready');
    expect(result.events).toEqual([]);
  });

  it('lands on the last stage when the new format is shorter', () => {
    const state = step(
      createMatch(TEST_FORMAT, { now: 0 }),
      { type: 'goto', stageIndex: S.signalCap },
      1_000,
    );
    const short = { ...worldcup, stages: worldcup.stages.slice(0, 3) };
    expect(step(state, { type: 'setFormat', format: short }, 2_000).stageIndex).toBe(2);
  });

  it.each<[string, CommandInput[]]>([
    ['a clock ran', [{ type: 'goto', stageIndex: S.single }, { type: 'start' }, { type: 'pause' }]],
    ['a clock runs', [{ type: 'goto', stageIndex: S.single }, { type: 'start' }]],
    [
      'time was given back or taken',
      [
        { type: 'goto', stageIndex: S.single },
        { type: 'start' },
        { type: 'pause' },
        { type: 'resetStage' },
        { type: 'goto', stageIndex: S.relay },
        { type: 'start' },
      ],
    ],
  ])('is refused once the match has begun (%s)', (_why, steps) => {
    let state = createMatch(TEST_FORMAT, { now: 0 });
    steps.forEach((input, index) => {
      state = step(state, input, (index + 1) * 1_000);
    });
    const result = apply(state, commandSchema.parse({ type: 'setFormat', format: worldcup }), 60_000);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toEqual({
        code: 'match-begun',
        message: '比赛已经开始，赛制不能再改；修改只对下一场比赛生效',
      });
  });

  it('is a command only the hub issues, and the record replays it', () => {
    expect(HUB_ONLY_COMMANDS.has('setFormat')).toBe(true);
    const log = [
      { command: commandSchema.parse({ type: 'setFormat', format: worldcup }), at: 1_000 },
      { command: commandSchema.parse({ type: 'next' }), at: 2_000 },
    ];
    const record = deriveRecord(worldcup, log, 0);
    expect(record.rejected).toBe(0);
    expect(record.finalState.stageIndex).toBe(1);
  });
});
