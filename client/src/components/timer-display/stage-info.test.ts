import {
  apply,
  BUILTIN_FORMATS,
  createMatch,
  currentStage,
  type Format,
  type MatchState,
} from '@bianshi/shared';
import { describe, expect, it } from 'vitest';
import { readDisplaySettings } from '../../lib/display-settings';
import { freshMatch, SYNC_TEST_FORMAT } from '../../lib/realtime/timer/test-fixtures';
import {
  headingEms,
  isCoverStage,
  poolNote,
  sideLabel,
  speakerLine,
  speakingSide,
  stageCounter,
  teamName,
  textEms,
} from './stage-info';

describe('stage info', () => {
  const state = freshMatch();
  const settings = readDisplaySettings({ teams: { aff: { name: '复旦大学', debaters: ['张三'] } } });

  it('labels sides from the format and teams from the settings', () => {
    expect(sideLabel(state, 'aff')).toBe('正方');
    expect(sideLabel(state, null)).toBeNull();
    expect(teamName(settings, 'aff')).toBe('复旦大学');
    expect(teamName(settings, 'neg')).toBeNull();
  });

  it('names the speaker by position and, when known, by name', () => {
    const stage = SYNC_TEST_FORMAT.stages[0]!;
    expect(speakerLine(stage, settings)).toBe('一辩 张三');
    expect(speakerLine(stage, readDisplaySettings({}))).toBe('一辩');
    expect(speakerLine(SYNC_TEST_FORMAT.stages[1]!, settings)).toBeNull();
  });

  it('finds the speaking side and counts stages', () => {
    expect(speakingSide(state, SYNC_TEST_FORMAT.stages[0]!)).toBe('aff');
    expect(stageCounter(state)).toBe('第 1 / 4 环节');
  });

  it('measures a heading on one line', () => {
    expect(headingEms('正方一辩 立论')).toBeCloseTo(6.3);
    expect(headingEms('PM')).toBeCloseTo(1.2);
  });

  it('measures clock text width', () => {
    expect(textEms('03:29')).toBeCloseTo(2.82);
    expect(textEms('+00:12')).toBeGreaterThan(textEms('03:29'));
  });

  it('heads only a cover with the match title', () => {
    expect(isCoverStage({ kind: 'none', name: '封面' })).toBe(true);
    expect(isCoverStage({ kind: 'none', name: ' Cover ' })).toBe(true);
    expect(isCoverStage({ kind: 'none', name: '公布结果' })).toBe(false);
  });
});

describe('pool note (新国辩: 18:00 per team, 结辩至少保留 3:00)', () => {
  const format = BUILTIN_FORMATS.find((value) => value.id === 'cn-xinguobian') as Format;
  const at = (stageIndex: number, usedMs = 0): MatchState => {
    let state = createMatch(format, { now: 0 });
    for (const [i, command] of (
      [{ type: 'goto', stageIndex }, { type: 'start' }, { type: 'pause' }] as const
    ).entries()) {
      if (usedMs === 0 && i > 0) break;
      const result = apply(state, command, i === 2 ? usedMs : 0);
      if (!result.ok) throw new Error(result.error.code);
      state = result.state;
    }
    return state;
  };
  it('shows what a speech may use before 结辩 and what is kept for it', () => {
    const opening = at(1, 60_000);
    expect(poolNote(opening, currentStage(opening), 'aff', 60_000)).toEqual({
      label: '正方本环节可用',
      detail: '正方剩余总时间 17:00，其中为「正方四辩 总结陈词」保留 03:00',
    });
    const closing = at(format.stages.findIndex((stage) => stage.name === '正方四辩 总结陈词'));
    expect(poolNote(closing, currentStage(closing), 'aff', 0)).toEqual({
      label: '正方剩余总时间',
      detail: null,
    });
  });
});
