import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createScreenRenderer } from './screen-renderer';
import type { DrawnPage } from './transport/page-render';

const dirs: string[] = [];
function serverDist(moduleText: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'bianshi-render-'));
  dirs.push(dir);
  if (moduleText !== null) writeFileSync(join(dir, 'screen-server.mjs'), moduleText);
  return dir;
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const url = new URL('http://hub/timer/abc?role=judge');
const display: DrawnPage = { page: 'display.html', url, origin: 'https://venue.example' };
const lobby: DrawnPage = {
  page: 'lobby-screen.html',
  url: new URL('http://hub/lobby/K7M2QX'),
  origin: 'https://venue.example',
};
const SNAPSHOT = '{"type":"snapshot","version":1}';
const BUILT = `
export function renderDisplayFrame(href, snapshot, now) { return \`display|\${href}|\${snapshot.version}|\${now}\`; }
export function renderLobbyFrame(href, origin, snapshot, now) { return \`lobby|\${href}|\${origin}|\${snapshot.version}|\${now}\`; }
`;

describe('createScreenRenderer', () => {
  it("draws each screen with the built module, given the page's address, origin, snapshot and clock", async () => {
    const render = createScreenRenderer(serverDist(BUILT), { warn: vi.fn() });
    expect(await render(display, SNAPSHOT, 42)).toBe('display|http://hub/timer/abc?role=judge|1|42');
    expect(await render(lobby, SNAPSHOT, 42)).toBe(
      'lobby|http://hub/lobby/K7M2QX|https://venue.example|1|42',
    );
    // Without the origin the lobby's join host would be wrong: not drawn.
    expect(await render({ ...lobby, origin: null }, SNAPSHOT, 42)).toBeNull();
    expect(await render({ ...display, page: 'index.html' }, SNAPSHOT, 42)).toBeNull();
  });

  it('draws nothing without the build, or when the module fails to load or to draw, and says why', async () => {
    const warn = vi.fn();
    expect(await createScreenRenderer(serverDist(null), { warn })(display, SNAPSHOT, 1)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
    expect(
      await createScreenRenderer(serverDist('throw new Error("broken build")'), { warn })(
        display,
        SNAPSHOT,
        1,
      ),
    ).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      'screen renderer not loaded',
      expect.objectContaining({ error: expect.stringContaining('broken build') }),
    );
    const throwing = createScreenRenderer(
      serverDist(
        'export function renderDisplayFrame() { throw new Error("bad state"); }\nexport function renderLobbyFrame() { return null; }',
      ),
      { warn },
    );
    expect(await throwing(display, SNAPSHOT, 1)).toBeNull();
    expect(warn).toHaveBeenLastCalledWith('screen frame not drawn', {
      path: '/timer/abc',
      error: 'Error: bad state',
    });
  });
});
