import { describe, expect, it } from 'vitest';
import { COLOR_MODE_SCRIPT } from '../../../build/color-mode-plugin';
import { COLOR_MODE_COOKIE } from '../../lib/browser/storage';

/** Runs the inline script against the page's cookies and a system preference. */
function run(cookie: string, systemDark: boolean) {
  const root = { dataset: {} as Record<string, string>, style: {} as Record<string, string> };
  const window = {
    matchMedia: (query: string) => ({ matches: systemDark && query === '(prefers-color-scheme: dark)' }),
  };
  new Function('window', 'document', COLOR_MODE_SCRIPT)(window, { documentElement: root, cookie });
  return { theme: root.dataset.theme, scheme: root.style.colorScheme };
}

describe('the colour-mode script every page runs before its first paint', () => {
  it("follows the choice's cookie, else the system", () => {
    expect(run(`${COLOR_MODE_COOKIE}=dark`, false)).toEqual({ theme: 'dark', scheme: 'dark' });
    expect(run(`bs_session=x; ${COLOR_MODE_COOKIE}=light; other=1`, true)).toEqual({
      theme: 'light',
      scheme: 'light',
    });
    expect(run('', true)).toEqual({ theme: 'dark', scheme: 'dark' });
    expect(run('', false)).toEqual({ theme: 'light', scheme: 'light' });
    // Another cookie whose name ends the same, or a value it does not know, is no choice.
    expect(run(`x${COLOR_MODE_COOKIE}=dark`, false)).toEqual({ theme: 'light', scheme: 'light' });
    expect(run(`${COLOR_MODE_COOKIE}=darkest`, false)).toEqual({ theme: 'light', scheme: 'light' });
  });

  it('never throws when cookies are unavailable', () => {
    const root = { dataset: {}, style: {} };
    const document = {
      documentElement: root,
      get cookie(): string {
        throw new Error('denied');
      },
    };
    expect(() => new Function('window', 'document', COLOR_MODE_SCRIPT)({}, document)).not.toThrow();
  });
});
