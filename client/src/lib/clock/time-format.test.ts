import { describe, expect, it } from 'vitest';
import {
  clockAriaLabel,
  formatSeconds,
  formatShown,
  shownValue,
  spokenDuration,
  type ClockTextMode,
} from './time-format';

describe('clock text', () => {
  it.each<[ClockTextMode, number, string]>([
    ['seconds', 210_000, '03:30'],
    ['seconds', 209_999, '03:30'], // rounded up: a full second must pass before 03:29
    ['seconds', 209_000, '03:29'],
    ['seconds', 0, '00:00'],
    ['seconds', -500, '00:00'],
    ['seconds', 3_600_000, '1:00:00'],
    ['seconds', 3_725_000, '1:02:05'],
    ['tenths', 9_900, '09.9'],
    ['tenths', 9_801, '09.9'],
    ['tenths', 5_000, '05.0'],
    ['tenths', 1, '00.1'],
    ['overtime', 12_000, '+00:12'],
    ['overtime', 12_999, '+00:12'],
    ['overtime', 400, '+00:00'],
    ['overtime', 75_000, '+01:15'],
    ['up', 65_400, '01:05'],
  ])('%s %d ms → %s', (mode, ms, text) => {
    expect(formatShown(mode, shownValue(mode, ms))).toBe(text);
  });

  it('formats whole seconds', () => {
    expect(formatSeconds(59)).toBe('00:59');
    expect(formatSeconds(600)).toBe('10:00');
  });

  it('speaks durations in Chinese', () => {
    expect(spokenDuration(209)).toBe('3分29秒');
    expect(spokenDuration(29)).toBe('29秒');
    expect(spokenDuration(180)).toBe('3分0秒');
    expect(spokenDuration(3723)).toBe('1小时2分3秒');
  });

  it.each<[string | null, ClockTextMode, number, string]>([
    ['正方', 'seconds', 209, '正方 剩余 3分29秒'],
    ['反方', 'overtime', 12, '反方 超时 12秒'],
    [null, 'up', 65, '已用 1分5秒'],
    ['正方', 'tenths', 99, '正方 剩余 10秒'],
  ])('aria label %s %s %d', (side, mode, value, label) => {
    expect(clockAriaLabel(side, mode, value)).toBe(label);
  });
});
