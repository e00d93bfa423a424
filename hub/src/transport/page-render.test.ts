import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createScreenRenderer, drawScreen } from './page-render';

const dirs: string[] = [];
function serverDist(moduleText: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'bianshi-render-'));
  dirs.push(dir);
  if (moduleText !== null) writeFileSync(join(dir, 'display-server.mjs'), moduleText);
  return dir;
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const url = new URL('http://hub/timer/abc?role=judge');
const SNAPSHOT = '{"type":"snapshot","version":1}';

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
  it("draws the display with the built module, given the page's address, snapshot and clock", async () => {
    const render = createScreenRenderer(serverDist('export function renderDisplayFrame(href, snapshot, now) { return `${href}|${snapshot.version}|${now}`; }'), { warn: vi.fn() });
    expect(await render('display.html', url, SNAPSHOT, 42)).toBe('http://hub/timer/abc?role=judge|1|42');
    expect(await render('lobby-screen.html', url, SNAPSHOT, 42)).toBeNull();
  });

  it('draws nothing without the build, or when the module fails to load or to draw, and says why', async () => {
    const warn = vi.fn();
    expect(await createScreenRenderer(serverDist(null), { warn })('display.html', url, SNAPSHOT, 1)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
    expect(await createScreenRenderer(serverDist('throw new Error("broken build")'), { warn })('display.html', url, SNAPSHOT, 1)).toBeNull();
    expect(warn).toHaveBeenCalledWith('display renderer not loaded', expect.objectContaining({ error: expect.stringContaining('broken build') }));
    const throwing = createScreenRenderer(serverDist('export function renderDisplayFrame() { throw new Error("bad state"); }'), { warn });
    expect(await throwing('display.html', url, SNAPSHOT, 1)).toBeNull();
    expect(warn).toHaveBeenLastCalledWith('display frame not drawn', { path: '/timer/abc', error: 'Error: bad state' });
  });
});
