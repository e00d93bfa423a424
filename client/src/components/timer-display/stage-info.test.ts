import { describe, expect, it } from 'vitest';
import { readDisplaySettings } from '../../lib/timer-sync';
import { freshMatch, SYNC_TEST_FORMAT } from '../../lib/timer-sync/test-fixtures';
import { sideLabel, speakerLine, speakingSide, stageCounter, teamName, textEms } from './stage-info';

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

  it('measures clock text width', () => {
    expect(textEms('03:29')).toBeCloseTo(2.82);
    expect(textEms('+00:12')).toBeGreaterThan(textEms('03:29'));
  });
});
