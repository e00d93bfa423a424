/**
 * The system Chromium driven by playwright-core, for browser tests and screenshots.
 */
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';

/** Where the system Chromium lives (override with CHROMIUM_PATH). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The features playwright-core already turns off (its chromiumSwitches.ts). Chromium keeps only
 * the last `--disable-features` on its command line, so ours must repeat them; shared-chromium.ts
 * checks at every test run that none is lost.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * What headless Chromium does per window that no test looks at. Each new page (every context)
 * otherwise gets two omnibox-popup WebUI renderers and a spare renderer its context closes unused:
 * about 1.4 s of CPU a context on this 2-core machine, the larger half of Chromium's work for a
 * page of the app (measured over 15 contexts: 44 s of Chromium CPU with them, 22 s without).
 */
const UNUSED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'SpareRendererForSitePerProcess'];

/** The one `--disable-features` switch Chromium is started with. */
export const DISABLED_FEATURES = [...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_FEATURES];

/** How Chromium is started: flags that work in containers and CI. */
export const CHROMIUM_LAUNCH = {
  executablePath: CHROMIUM_PATH,
  // Audio stays locked until a gesture, as in most users' browsers, so tests see the same every run.
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-dev-shm-usage',
    '--autoplay-policy=user-gesture-required',
    `--disable-features=${DISABLED_FEATURES.join(',')}`,
  ],
};

/** Where the browser tests' shared Chromium listens (set by ./shared-chromium.ts for a test run). */
export const SHARED_CHROMIUM_ENV = 'BIANSHI_CHROMIUM_WS';

/**
 * Headless Chromium: in a test run, a connection to the one Chromium every browser test file
 * shares (each file's contexts are its own, and closing the connection closes them); run on its
 * own (the screenshot scripts), a Chromium of its own.
 */
export function launchBrowser(): Promise<Browser> {
  const shared = process.env[SHARED_CHROMIUM_ENV];
  return shared ? chromium.connect(shared) : chromium.launch(CHROMIUM_LAUNCH);
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  /** Sets `bianshi:debug` so dev/test-only routes (e.g. /__error-test) are reachable. */
  debug?: boolean;
  userAgent?: string;
}

/** A fresh context (own storage) and page, with console errors collected. */
export async function openPage(
  browser: Browser,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
    locale: 'zh-CN',
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  if (options.debug) {
    await context.addInitScript(() => window.localStorage.setItem('bianshi:debug', '1'));
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** {@link openPage} signed in as the account whose session cookie (`name=value`) is given. */
export async function openSignedInPage(
  browser: Browser,
  url: string,
  cookie: string,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await openPage(browser, options);
  const [name = '', value = ''] = cookie.split('=');
  await opened.context.addCookies([{ name, value, url, httpOnly: true, sameSite: 'Lax' }]);
  return opened;
}

/** In the page: whether its root no longer holds a drawn page (the app has replaced it). */
const drawnPageGone = () => !document.getElementById('root')?.innerHTML.startsWith('<!--bs-drawn-->');

/** Whether the app has taken over a page the hub sent drawn (client/build/draw-pages-plugin.ts). */
export function tookOver(page: Page): Promise<boolean> {
  return page.evaluate(drawnPageGone);
}

/**
 * Waits until the app has taken over a page the hub sent drawn: before that, its elements are the
 * drawn ones and keyboard shortcuts do nothing.
 */
export async function appTookOver(page: Page): Promise<void> {
  await page.waitForFunction(drawnPageGone, undefined, { timeout: 20_000 });
}

/**
 * Answers the product's own confirmation (useConfirm) or prompt (usePrompt) that `page` shows:
 * types `text` into a prompt's field when given, then presses its go-ahead button.
 */
export async function confirmDialog(
  page: Page,
  options: { text?: string; timeoutMs?: number } = {},
): Promise<void> {
  const dialog = page.locator('dialog[open]');
  await dialog.locator('[data-confirm="yes"]').waitFor({ timeout: options.timeoutMs ?? 20_000 });
  if (options.text !== undefined) await dialog.getByTestId('prompt-input').fill(options.text);
  await dialog.locator('[data-confirm="yes"]').click();
  await dialog.waitFor({ state: 'detached', timeout: options.timeoutMs ?? 20_000 }).catch(() => undefined);
}

/** In the page: whether its fonts and images have loaded and every finite animation or transition has ended. */
const stillPage = async () => {
  await document.fonts.ready;
  const imagesLoaded = Array.from(document.images).every((image) => image.complete);
  // An endless animation (a live dot's pulse) never ends; everything else must have.
  const moving = document
    .getAnimations()
    .filter(
      (animation) =>
        animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
    );
  return imagesLoaded && moving.length === 0;
};

/**
 * Waits until `page` is still enough to photograph: fonts and images loaded, no entrance
 * animation or transition under way. What a screenshot waits for instead of a guessed pause.
 */
export async function settled(page: Page, timeoutMs = 20_000): Promise<void> {
  await page.waitForFunction(stillPage, undefined, { timeout: timeoutMs });
}

/**
 * A download's bytes, read over the browser's connection: `download.path()` is not available
 * when the browser is shared over a connection (tests/e2e/support/shared-chromium.ts).
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
