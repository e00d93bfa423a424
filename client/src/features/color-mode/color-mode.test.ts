import { describe, expect, it } from 'vitest';
import { parsePreference, resolveColorMode } from './color-mode';

describe('colour mode', () => {
  it.each([
    ['light', 'light'],
    ['dark', 'dark'],
    ['system', 'system'],
    ['purple', 'system'],
    [null, 'system'],
  ] as const)('parsePreference(%j) = %j', (raw, expected) => expect(parsePreference(raw)).toBe(expected));

  it.each([
    ['system', false, undefined, 'light'],
    ['system', true, undefined, 'dark'],
    ['light', true, undefined, 'light'],
    ['dark', false, undefined, 'dark'],
    ['light', false, 'dark', 'dark'],
    ['dark', true, 'light', 'light'],
  ] as const)('preference %s, OS dark %s, forced %s → %s', (preference, osDark, forced, expected) => {
    expect(resolveColorMode(preference, osDark, forced)).toBe(expected);
  });
});
