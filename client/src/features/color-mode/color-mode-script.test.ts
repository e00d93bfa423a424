import { describe, expect, it } from 'vitest';
import { COLOR_MODE_SCRIPT } from '../../../build/color-mode-plugin';
import { STORAGE_KEYS } from '../../lib/storage';

/** Runs the inline script against a stored preference and a system preference. */
function run(stored: string | null, systemDark: boolean) {
  const root = { dataset: {} as Record<string, string>, style: {} as Record<string, string> };
  const localStorage = { getItem: (key: string) => (key === STORAGE_KEYS.colorMode ? stored : null) };
  const window = { matchMedia: (query: string) => ({ matches: systemDark && query === '(prefers-color-scheme: dark)' }) };
  new Function('localStorage', 'window', 'document', COLOR_MODE_SCRIPT)(localStorage, window, { documentElement: root });
  return { theme: root.dataset.theme, scheme: root.style.colorScheme };
}

describe('the colour-mode script every page runs before its first paint', () => {
  it('follows the stored choice, else the system', () => {
    expect(run('dark', false)).toEqual({ theme: 'dark', scheme: 'dark' });
    expect(run('light', true)).toEqual({ theme: 'light', scheme: 'light' });
    expect(run(null, true)).toEqual({ theme: 'dark', scheme: 'dark' });
    expect(run('system', false)).toEqual({ theme: 'light', scheme: 'light' });
  });

  it('never throws when storage is unavailable', () => {
    const root = { dataset: {}, style: {} };
    const broken = { getItem: () => { throw new Error('denied'); } };
    expect(() => new Function('localStorage', 'window', 'document', COLOR_MODE_SCRIPT)(broken, {}, { documentElement: root })).not.toThrow();
  });
});
