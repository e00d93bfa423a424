import { describe, expect, it } from 'vitest';
import { presenceColor, YJS_REFUSALS, yjsRefusalOf } from './protocol';

describe('presenceColor', () => {
  it.each(['u1', 'someone-else', '', '访客'])('gives %j a steady #rrggbb colour', (id) => {
    expect(presenceColor(id)).toMatch(/^#[0-9a-f]{6}$/);
    expect(presenceColor(id)).toBe(presenceColor(id));
  });

  it('is hsl(h 70% 45%) written as hex', () => {
    // hash('a') = 97 → hue 97°: hsl(97 70% 45%) = rgb(96, 195, 34).
    expect(presenceColor('a')).toBe('#60c322');
  });
});

describe('yjsRefusalOf', () => {
  it.each([
    [{ code: 4403, reason: 'read-only' }, 'read-only'],
    [{ code: 4401, reason: 'signed-out' }, 'signed-out'],
    [{ code: 4529, reason: 'rate-limited' }, 'rate-limited'],
    [{ code: 4403, reason: 'signed-out' }, null],
    [{ code: 1006, reason: '' }, null],
    [{ code: 4403, reason: 'constructor' }, null],
  ] as const)('%j → %s', (close, expected) => {
    expect(yjsRefusalOf(close)).toBe(expected);
  });

  it('keeps 44xx for what reconnecting cannot fix and the rest for what it can', () => {
    for (const [code, refusal] of Object.entries(YJS_REFUSALS)) {
      const permanent = refusal.code >= 4400 && refusal.code < 4500;
      expect([code, permanent]).toEqual([code, refusal.after !== 'reconnect']);
    }
  });
});
