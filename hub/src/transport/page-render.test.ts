import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createScreenRenderer, drawScreen, pageOrigin, type DrawnPage } from './page-render';

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
const lobby: DrawnPage = { page: 'lobby-screen.html', url: new URL('http://hub/lobby/K7M2QX'), origin: 'https://venue.example' };
const SNAPSHOT = '{"type":"snapshot","version":1}';
const BUILT = `
export function renderDisplayFrame(href, snapshot, now) { return \`display|\${href}|\${snapshot.version}|\${now}\`; }
export function renderLobbyFrame(href, origin, snapshot, now) { return \`lobby|\${href}|\${origin}|\${snapshot.version}|\${now}\`; }
`;

describe('drawScreen', () => {
  it("puts the markup in place of the page's screen region, marked for the service worker", () => {
    const page = '<div id="root"><!--bs-screen--><div class="splash">连接中</div><!--/bs-screen--></div>';
    expect(drawScreen(page, '<b>$& 03:00</b>')).toBe('<div id="root"><!--bs-drawn--><b>$& 03:00</b><!--/bs-drawn--></div>');
  });

  it('leaves a page without a screen region as it is', () => {
    expect(drawScreen('<div id="root"></div>', '<b>03:00</b>')).toBe('<div id="root"></div>');
  });
});

describe('createScreenRenderer', () => {
  it("draws each screen with the built module, given the page's address, origin, snapshot and clock", async () => {
    const render = createScreenRenderer(serverDist(BUILT), { warn: vi.fn() });
    expect(await render(display, SNAPSHOT, 42)).toBe('display|http://hub/timer/abc?role=judge|1|42');
    expect(await render(lobby, SNAPSHOT, 42)).toBe('lobby|http://hub/lobby/K7M2QX|https://venue.example|1|42');
    // Without the origin the lobby's join host would be wrong: not drawn.
    expect(await render({ ...lobby, origin: null }, SNAPSHOT, 42)).toBeNull();
    expect(await render({ ...display, page: 'index.html' }, SNAPSHOT, 42)).toBeNull();
  });

  it('draws nothing without the build, or when the module fails to load or to draw, and says why', async () => {
    const warn = vi.fn();
    expect(await createScreenRenderer(serverDist(null), { warn })(display, SNAPSHOT, 1)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
    expect(await createScreenRenderer(serverDist('throw new Error("broken build")'), { warn })(display, SNAPSHOT, 1)).toBeNull();
    expect(warn).toHaveBeenCalledWith('screen renderer not loaded', expect.objectContaining({ error: expect.stringContaining('broken build') }));
    const throwing = createScreenRenderer(serverDist('export function renderDisplayFrame() { throw new Error("bad state"); }\nexport function renderLobbyFrame() { return null; }'), { warn });
    expect(await throwing(display, SNAPSHOT, 1)).toBeNull();
    expect(warn).toHaveBeenLastCalledWith('screen frame not drawn', { path: '/timer/abc', error: 'Error: bad state' });
  });
});

describe('pageOrigin', () => {
  it('is the Host the browser asked, over http unless the socket is TLS', () => {
    expect(pageOrigin({ host: '192.168.1.20:3000' }, false, false)).toBe('http://192.168.1.20:3000');
    expect(pageOrigin({ host: 'Timer.Example.org' }, true, false)).toBe('https://timer.example.org');
    expect(pageOrigin({ host: '[::1]:3000' }, false, false)).toBe('http://[::1]:3000');
  });

  it("takes the forwarded host and protocol only behind a trusted proxy", () => {
    const headers = { host: 'hub-2:3000', 'x-forwarded-host': 'bianshi.example, proxy.internal', 'x-forwarded-proto': 'https' };
    expect(pageOrigin(headers, false, true)).toBe('https://bianshi.example');
    expect(pageOrigin(headers, false, false)).toBe('http://hub-2:3000');
    expect(pageOrigin({ host: 'hub', 'x-forwarded-proto': 'gopher' }, false, true)).toBe('http://hub');
  });

  it('is null without a host, or for one that is not a host name', () => {
    expect(pageOrigin({}, false, false)).toBeNull();
    expect(pageOrigin({ host: 'evil.example/"><script>' }, false, false)).toBeNull();
    expect(pageOrigin({ host: 'a b' }, false, false)).toBeNull();
  });
});
