/**
 * The landing page, the lobby list, the create page and the content pages arrive drawn
 * (client/build/draw-pages-plugin.ts), in a real Chromium against a real hub serving the build:
 * readable and styled before any script has run, taken over by the app without a splash in
 * between, and nothing a visitor typed, ticked or clicked before that is lost.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { httpClient } from '../support/trpc';
import { speechFormat } from '../support/formats';
import { appTookOver, launchBrowser, openPage, tookOver } from './support/browser';

let hub: TestHub;
let browser: Browser;

beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub(), launchBrowser()]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

const WAIT = { timeout: 20_000 };

/** Holds every script of the page until `release()`: the drawn page alone, as on a slow link. */
async function holdScripts(page: Page): Promise<{ release(): void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route: Route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/** Records, from before the page's first byte, whether the loading splash ever entered the page. */
async function watchForSplash(page: Page): Promise<() => Promise<boolean>> {
  await page.addInitScript(() => {
    const seen = { splash: false };
    (window as unknown as { __splash: typeof seen }).__splash = seen;
    new MutationObserver(() => {
      if (document.querySelector('#root .splash')) seen.splash = true;
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __splash: { splash: boolean } }).__splash.splash);
}

/**
 * A new page at `path` with its scripts held (`holdScripts`), once the navigation has committed:
 * the drawn page is all there is until `release()`. `watchSplash` starts {@link watchForSplash} first.
 */
async function openHeld(
  path: string,
  viewport: { width: number; height: number },
  options: { watchSplash?: boolean } = {},
) {
  const { context, page, errors } = await openPage(browser, { viewport });
  const splashSeen = options.watchSplash ? await watchForSplash(page) : async () => false;
  const { release } = await holdScripts(page);
  await page.goto(`${hub.url}${path}`, { waitUntil: 'commit' });
  return { context, page, errors, release, splashSeen };
}

describe('drawn pages', () => {
  it.each([
    ['/', '辩时 | 专业辩论比赛计时软件', '专业辩论比赛计时软件'],
    ['/lobby', '大厅 | 专业辩论比赛计时软件', '比赛大厅'],
    ['/create', '创建计时器 | 专业辩论比赛计时软件', '创建计时器'],
    ['/docs/match-day/console', '控制台与快捷键 | 专业辩论比赛计时软件', '控制台与快捷键'],
    ['/pricing', '价格方案 | 专业辩论比赛计时软件', '价格方案'],
  ])('%s comes drawn, with its title and its route stylesheets', async (path, title, heading) => {
    const response = await fetch(`${hub.url}${path}`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<div id="root"><!--bs-drawn-->');
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>(?:(?!</h1>)[\\s\\S])*${heading}`));
    expect(html).not.toContain('class="splash"');
    // The route's own stylesheets come linked, after the site's (the landing page has only the header's).
    const linked = [
      ...html.matchAll(/<link rel="stylesheet" crossorigin href="\/assets\/([a-z]+)-[\w-]+\.css">/g),
    ].map((match) => match[1]);
    expect(linked[0]).toBe('index');
    expect(linked.slice(1)).toContain(
      { '/': 'auth', '/lobby': 'lobby', '/create': 'create', '/pricing': 'commerce' }[path] ?? 'content',
    );
  });

  it('shows the create page styled before its scripts, and the app takes over without a splash', async () => {
    const { context, page, errors, release, splashSeen } = await openHeld(
      '/create',
      { width: 390, height: 844 },
      { watchSplash: true },
    );
    const heading = page.getByRole('heading', { level: 1, name: '创建计时器' });
    await heading.waitFor(WAIT);
    // The route's stylesheet is in: the format list is laid out as the app lays it out.
    expect(
      await page
        .locator('.create-format')
        .first()
        .evaluate((element) => getComputedStyle(element).display),
    ).not.toBe('inline');
    const before = await heading.boundingBox();
    expect(await tookOver(page)).toBe(false);

    release();
    await appTookOver(page);
    expect(await heading.boundingBox()).toEqual(before);
    expect(await splashSeen()).toBe(false);
    // The app's own elements now answer: the rules tab opens.
    await page.getByRole('tab', { name: '粘贴规则文字' }).click();
    await expect
      .poll(() => page.getByRole('tab', { name: '粘贴规则文字' }).getAttribute('aria-selected'), WAIT)
      .toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the focus and the caret in a field a visitor is typing into when the app takes over', async () => {
    const { context, page, errors, release } = await openHeld('/lobby', { width: 390, height: 844 });
    const name = page.getByTestId('lobby-create-name');
    await name.waitFor(WAIT);
    await name.click();
    await page.keyboard.type('新生');
    release();
    await appTookOver(page);
    // Still typing into the same field, now the app's.
    await page.keyboard.type('杯');
    expect(await name.inputValue()).toBe('新生杯');
    expect(await name.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('joins a lobby with the code a visitor typed and sent before the scripts arrived', async () => {
    const api = httpClient(hub.url);
    const timer = await api.timer.create.mutate({
      name: '先画后接管',
      format: speechFormat('drawn-e2e', '先画后接管赛制', [120_000]),
    });
    const lobby = await api.lobby.create.mutate({
      name: '先画大厅',
      visibility: 'public',
      timers: [timer.id],
    });

    const { context, page, errors, release } = await openHeld('/', { width: 390, height: 844 });
    const code = page.getByRole('textbox', { name: '房间码' });
    await code.waitFor(WAIT);
    await code.fill(lobby.code.toLowerCase());
    await code.press('Enter');
    // The drawn form did not submit itself as a plain page load.
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await tookOver(page)).toBe(false);

    release();
    await page.waitForURL(`**/lobby/${lobby.id}`, WAIT);
    await page.getByRole('timer').first().waitFor(WAIT);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates a timer with the format a visitor picked and the name typed before the scripts arrived', async () => {
    const { context, page, errors, release } = await openHeld('/create', { width: 1280, height: 800 });
    await page.getByText('英国议会制 BP').waitFor(WAIT);
    await page.getByText('英国议会制 BP').click();
    await page.getByLabel('计时器名称（可选）').fill('接管前填写的名字');
    await page.getByRole('button', { name: '创建计时器' }).click();
    expect(new URL(page.url()).pathname).toBe('/create');

    release();
    await page.getByTestId('share-panel').waitFor(WAIT);
    expect(new URL(page.url()).pathname).toMatch(/^\/timer\/manage\//);
    const timerId = /\/timer\/([\w-]+)$/.exec(await page.getByTestId('display-link').innerText())?.[1];
    const created = await httpClient(hub.url).timer.get.query({ id: timerId! });
    expect(created.timer.name).toBe('接管前填写的名字');
    expect(created.state.format.id).toBe('bp');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps an offline copy of the site without the drawn page, and opens the page from it with no network', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${hub.url}/create`);
    // The worker a console installs (lib/loading/pwa.ts), as for a visitor who ran a match here before.
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js'));
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, WAIT);
    // This load goes through the worker, which keeps the page as the site's offline copy.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: '创建计时器' }).waitFor(WAIT);
    const kept = () => page.evaluate(async () => (await caches.match('/'))?.text() ?? '');
    await expect.poll(kept, WAIT).toContain('<title>创建计时器');
    const html = await kept();
    expect(html).not.toContain('<!--bs-drawn-->');
    expect(html).toContain('<div id="root"></div>');

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: '创建计时器' }).waitFor(WAIT);
    await context.setOffline(false);
    await context.close();
  });
});
