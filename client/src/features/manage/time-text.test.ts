import { describe, expect, it } from 'vitest';
import { DURATION_ERRORS, parseDuration } from './time-text';

describe('parseDuration', () => {
  it.each([
    ['3:30', 210_000],
    ['3：30', 210_000],
    ['90', 90_000],
    ['1:00:00', 3_600_000],
    ['0:00', 0],
    ['１:３０', 90_000],
    ['3分30秒', 210_000],
    ['三分半', 210_000],
  ])('reads %s', (text, ms) => {
    expect(parseDuration(text)).toEqual({ ok: true, ms });
  });

  it.each([
    ['', DURATION_ERRORS.empty],
    ['-5:00', DURATION_ERRORS.negative],
    ['abc', DURATION_ERRORS.shape],
    ['3:75', DURATION_ERRORS.sixty],
    ['99999:00', DURATION_ERRORS['too-long']],
  ])('refuses %s with a reason', (text, reason) => {
    expect(parseDuration(text)).toMatchObject({ ok: false, reason });
  });

  it('refuses zero where a field needs time', () => {
    expect(parseDuration('0:00', { allowZero: false })).toMatchObject({
      ok: false,
      code: 'zero',
      reason: DURATION_ERRORS.zero,
    });
  });
});
