import { describe, expect, it } from 'vitest';
import { parseDurationText } from './duration-text';

describe('parseDurationText', () => {
  it.each([
    ['1:30', 90_000],
    ['01:30', 90_000],
    ['3：30', 210_000],
    ['１:３０', 90_000],
    ['１：３０', 90_000],
    ['90', 90_000],
    ['９０', 90_000],
    ['1:00:00', 3_600_000],
    ['0:00', 0],
    ['0', 0],
    ['3分30秒', 210_000],
    ['３分３０秒', 210_000],
    ['3分', 180_000],
    ['3分钟', 180_000],
    ['三分半', 210_000],
    ['三分三十秒', 210_000],
    ['90秒', 90_000],
    ['3.5分钟', 210_000],
    ['3\'30"', 210_000],
    ['  2:00  ', 120_000],
    ['0秒', 0],
  ])('reads %s', (text, ms) => {
    expect(parseDurationText(text)).toEqual({ ok: true, ms });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['-5:00', 'negative'],
    ['－30', 'negative'],
    ['abc', 'shape'],
    ['3分30秒左右', 'shape'],
    ['1:30 2:00', 'shape'],
    ['3:75', 'sixty'],
    ['3分75秒', 'sixty'],
    ['99999:00', 'too-long'],
    ['25:00:00', 'too-long'],
  ])('refuses %s (%s)', (text, reason) => {
    expect(parseDurationText(text)).toEqual({ ok: false, reason });
  });

  it('refuses zero where a field needs time, and past a given longest', () => {
    expect(parseDurationText('0:00', { allowZero: false })).toEqual({ ok: false, reason: 'zero' });
    expect(parseDurationText('10:01', { maxMs: 600_000 })).toEqual({ ok: false, reason: 'too-long' });
  });
});
