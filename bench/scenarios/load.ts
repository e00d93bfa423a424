/**
 * Load: what a visitor on venue Wi-Fi waits for, and what the hub holds at rest.
 *
 * - Pages: Chromium with network emulation through CDP (1.6 Mbit/s down, 750 kbit/s up, 150 ms
 *   round trip: Lighthouse's mobile profile), each page cold (a new context: empty HTTP cache,
 *   no service worker) and warm (the same page again in that context, the median of five). For each: the time from
 *   navigation start until its first clock (`role="timer"` with digits) or main heading is
 *   painted (Element Timing; and when it was first in the DOM), and the bytes received until
 *   then (HTTP responses with headers, WebSocket frames).
 * - Hub memory: the hub as `npm start` runs it (`--enable-source-maps`, PGlite on disk in a
 *   fresh data directory): peak RSS during start-up and migrations (the hub and any child it
 *   starts), RSS at rest after the pages closed, and command latency over /api/v1 on that PGlite.
 * - Lighthouse (the `lighthouse` package, default mobile profile) against /usr/bin/chromium.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession } from 'playwright-core';
import { createTimer, hubEntry, repoRoot, sendCommand } from '../support/hub';
import { progress, sleep } from '../support/log';
import { startServerProcess, vmRssBytes, type ServerProcess } from '../support/server-process';
import { distribution, type Distribution } from '../support/stats';
import { CHROMIUM_PATH } from './flip-skew';

export interface LoadOptions {
  /** Run Lighthouse too (about 20–40 s per page and run). */
  lighthouse: boolean;
  /**
   * Lighthouse runs per page; the figures are the run with the median performance score. One run
   * swings by 10 points or more on a shared machine (its CPU benchmark index moved between 940
   * and 2 750 within one hour here), so one run cannot tell a change from the host's mood.
   */
  lighthouseRuns: number;
  /** Seconds the hub rests before its idle RSS is read. */
  restSeconds: number;
}

/** The emulated link: Lighthouse's mobile throttling, as the issue asks. */
export const NETWORK = { downloadKbps: 1_600, uploadKbps: 750, rttMs: 150 } as const;

export interface PageLoadFigures {
  /** Navigation start → first clock (or main heading) painted. */
  readyMs: number;
  /** Navigation start → the same element first in the DOM (its own markup can be there before its stylesheet). */
  inDomMs: number;
  /** Bytes received until then: HTTP responses (headers included) and WebSocket frames. */
  bytesBeforeReady: number;
  requestsBeforeReady: number;
  /** Everything received within 3 s after ready. */
  bytesTotal: number;
  /** Warm: each run's ready time, in run order (the figures above are the median run's). */
  runsMs?: number[];
}

/** Warm loads per page. */
const WARM_RUNS = 5;

export interface PageLoad {
  name: string;
  path: string;
  readyOn: string;
  cold: PageLoadFigures | { error: string };
  warm: PageLoadFigures | { error: string };
}

export interface LighthouseFigures {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /**
   * Lighthouse's measure of this machine's CPU (`environment.benchmarkIndex`, higher is faster).
   * Its default mobile profile slows the CPU 4× whatever the host, so the blocking time it reports
   * depends on the host too: this tells a slow host from a slow page when runs are compared.
   */
  benchmarkIndex: number;
  /** Lighthouse's error code when this run could not complete (its scores are 0 then). */
  failed?: string;
  /** Every run's performance score and CPU benchmark index, in run order. */
  runs: { performance: number; benchmarkIndex: number; failed?: string }[];
}

export interface LoadFigures {
  network: typeof NETWORK;
  pages: PageLoad[];
  hubMemory: {
    /** Peak RSS of the hub process during start-up with a fresh PGlite directory (VmHWM). */
    startupPeakRssBytes: number;
    /** Peak RSS of the short-lived process that creates the PGlite directory (initdb + migrations). */
    initHelperPeakRssBytes: number;
    startupMs: number;
    /** RSS at rest, no viewers, after the pages were served and closed. */
    idleRssBytes: number;
  };
  /** /api/v1 command round trips on the hub's PGlite, sequential. */
  commandLatencyMs: Distribution;
  lighthouse?: LighthouseFigures[] | { error: string };
}

/**
 * In every page before its scripts: records when the page's ready element is first painted, and
 * when it was first in the DOM. A page's own markup (a drawn display, a prerendered article) is in
 * the DOM while its stylesheets may still be on the way, so the DOM alone would count a clock
 * nobody can see yet. Painted is the earlier of:
 * - the Element Timing API's render time of a ready element (the attribute is set on each one as
 *   it arrives, before it can be painted);
 * - the first contentful paint, when a ready element was in the DOM at the start of that frame
 *   (the last animation frame before it) and stayed until then: Chromium drops an element's
 *   timing entry when the element is replaced before its paint is reported, as a screen's code
 *   replaces the drawn screen.
 */
const READY_SCRIPT = `(() => {
  window.__benchReady = null;
  window.__benchInDom = null;
  const selector = window.__benchSelector || '[role="timer"]';
  const isReady = (element) => {
    const text = (element.textContent || '').trim();
    return selector.includes('timer') ? /\\d/.test(text) : text.length > 0;
  };
  const settle = (at) => {
    if (at > 0 && (window.__benchReady === null || at < window.__benchReady)) window.__benchReady = at;
  };
  /** Spans of time with a ready element in the DOM, and animation frame starts. */
  const spans = [];
  const frames = [];
  const frame = (at) => {
    frames.push(at);
    if (window.__benchReady === null) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const shownAt = (paint) => {
    const start = frames.filter((at) => at <= paint).pop() ?? paint;
    return spans.some(([from, to]) => from <= start && (to === null || to > start));
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.entryType === 'element' && entry.identifier === 'bench-ready') settle(entry.renderTime || entry.loadTime);
      if (entry.entryType === 'paint' && entry.name === 'first-contentful-paint' && shownAt(entry.startTime)) settle(entry.startTime);
    }
  }).observe({ entryTypes: ['element', 'paint'] });
  const check = () => {
    const now = performance.now();
    let present = false;
    for (const element of document.querySelectorAll(selector)) {
      if (!isReady(element)) continue;
      present = true;
      if (window.__benchInDom === null) window.__benchInDom = now;
      if (!element.hasAttribute('elementtiming')) element.setAttribute('elementtiming', 'bench-ready');
    }
    const open = spans.length > 0 && spans[spans.length - 1][1] === null;
    if (present && !open) spans.push([now, null]);
    if (!present && open) spans[spans.length - 1][1] = now;
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

interface NetworkLog {
  documentAt: number | null;
  finished: { at: number; bytes: number }[];
  frames: { at: number; bytes: number }[];
}

async function throttle(session: CDPSession, log: NetworkLog): Promise<void> {
  await session.send('Network.enable');
  await session.send('Network.setCacheDisabled', { cacheDisabled: false });
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: NETWORK.rttMs,
    downloadThroughput: (NETWORK.downloadKbps * 1000) / 8,
    uploadThroughput: (NETWORK.uploadKbps * 1000) / 8,
  });
  session.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document' && log.documentAt === null) log.documentAt = event.timestamp;
  });
  session.on('Network.loadingFinished', (event) =>
    log.finished.push({ at: event.timestamp, bytes: event.encodedDataLength }),
  );
  session.on('Network.webSocketFrameReceived', (event) =>
    log.frames.push({ at: event.timestamp, bytes: event.response.payloadData.length }),
  );
}

async function loadOnce(context: BrowserContext, url: string, selector: string): Promise<PageLoadFigures> {
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  const log: NetworkLog = { documentAt: null, finished: [], frames: [] };
  await throttle(session, log);
  await page.addInitScript({ content: `window.__benchSelector = ${JSON.stringify(selector)};` });
  await page.addInitScript({ content: READY_SCRIPT });
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    await page.waitForFunction(
      () => (window as unknown as { __benchReady: number | null }).__benchReady !== null,
      undefined,
      { timeout: 60_000, polling: 50 },
    );
    const { readyMs, inDomMs } = await page.evaluate(() => {
      const marks = window as unknown as { __benchReady: number; __benchInDom: number };
      return { readyMs: marks.__benchReady, inDomMs: marks.__benchInDom };
    });
    await sleep(3_000);
    const start = log.documentAt ?? 0;
    const readyAt = start + readyMs / 1000;
    const before = [...log.finished, ...log.frames].filter((entry) => entry.at <= readyAt);
    return {
      readyMs: Math.round(readyMs),
      inDomMs: Math.round(inDomMs),
      bytesBeforeReady: before.reduce((sum, entry) => sum + entry.bytes, 0),
      requestsBeforeReady: log.finished.filter((entry) => entry.at <= readyAt).length,
      bytesTotal: [...log.finished, ...log.frames].reduce((sum, entry) => sum + entry.bytes, 0),
    };
  } finally {
    await session.detach().catch(() => undefined);
    await page.close().catch(() => undefined);
  }
}

async function measurePage(
  browser: Browser,
  name: string,
  url: string,
  path: string,
  selector: string,
): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'zh-CN' });
  const result: PageLoad = {
    name,
    path,
    readyOn: selector,
    cold: { error: 'not run' },
    warm: { error: 'not run' },
  };
  try {
    result.cold = await loadOnce(context, url, selector).catch((error: unknown) => ({
      error: String(error),
    }));
    // Warm loads differ by tens of milliseconds from one to the next on the same build (the
    // emulated round trip, the tab's start): the figure is the median of several.
    const warm: PageLoadFigures[] = [];
    for (let run = 0; run < WARM_RUNS; run++) {
      const figures = await loadOnce(context, url, selector).catch((error: unknown) => ({
        error: String(error),
      }));
      if ('error' in figures) {
        result.warm = figures;
        break;
      }
      warm.push(figures);
    }
    if (warm.length === WARM_RUNS) {
      const ordered = [...warm].sort((a, b) => a.readyMs - b.readyMs);
      result.warm = {
        ...ordered[Math.floor(WARM_RUNS / 2)]!,
        runsMs: warm.map((figures) => figures.readyMs),
      };
    }
  } finally {
    await context.close().catch(() => undefined);
  }
  const show = (figures: PageLoadFigures | { error: string }) =>
    'error' in figures
      ? `error ${figures.error.slice(0, 80)}`
      : `${figures.readyMs} ms (in the DOM at ${figures.inDomMs}${figures.runsMs ? `; runs ${figures.runsMs.join(', ')}` : ''}), ${(figures.bytesBeforeReady / 1024).toFixed(1)} KiB`;
  progress(`load: ${name} cold ${show(result.cold)}; warm ${show(result.warm)}`);
  return result;
}

/** Children of a process (e.g. the PGlite init helper), from /proc. */
function childPids(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    return [];
  }
}

function vmHwmBytes(pid: number): number {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+)\s+kB$/m);
  return match ? Number(match[1]) * 1024 : 0;
}

/** A tRPC mutation over HTTP (superjson envelope), for what /api/v1 does not offer. */
async function trpcMutation<T>(hubUrl: string, path: string, input: unknown): Promise<T> {
  const response = await fetch(`${hubUrl}/api/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ json: input }),
  });
  const body = (await response.json()) as { result?: { data?: { json?: T } }; error?: unknown };
  if (!response.ok || !body.result?.data?.json)
    throw new Error(`${path}: HTTP ${response.status} ${JSON.stringify(body.error ?? body).slice(0, 300)}`);
  return body.result.data.json;
}

/** Each page `runs` times, in turns (page A, B, C, then A again), so a slow minute of the host
 * falls on different pages; for each page the run with the median performance score. */
async function runLighthouse(hubUrl: string, paths: string[], runs: number): Promise<LighthouseFigures[]> {
  const results = new Map<string, Omit<LighthouseFigures, 'runs'>[]>();
  for (let run = 1; run <= runs; run++) {
    for (const path of paths) {
      const entry = await lighthouseOnce(hubUrl, path);
      results.set(entry.path, [...(results.get(entry.path) ?? []), entry]);
    }
  }
  return [...results.values()].map((entries) => {
    // A run Lighthouse could not complete is no score: the median is of the runs that completed.
    const completed = entries.filter((entry) => entry.failed === undefined);
    const sorted = [...(completed.length > 0 ? completed : entries)].sort(
      (a, b) => a.performance - b.performance,
    );
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    return {
      ...median,
      runs: entries.map(({ performance, benchmarkIndex, failed }) => ({
        performance,
        benchmarkIndex,
        ...(failed ? { failed } : {}),
      })),
    };
  });
}

async function lighthouseOnce(hubUrl: string, path: string): Promise<Omit<LighthouseFigures, 'runs'>> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(`${hubUrl}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`lighthouse gave no result for ${path}`);
    // A run Lighthouse could not complete (e.g. NO_FCP) scores 0: say why instead of a figure.
    const failed = result.lhr.runtimeError;
    if (failed) progress(`lighthouse ${path}: run failed: ${failed.code} ${failed.message.slice(0, 200)}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) =>
      Math.round((audits[id]?.numericValue ?? Number.NaN) * (id === 'cumulative-layout-shift' ? 1000 : 1)) /
      (id === 'cumulative-layout-shift' ? 1000 : 1);
    const entry = {
      path: path.replace(/^\/timer\/[^/]+$/, '/timer/:id'),
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
      ...(failed ? { failed: failed.code } : {}),
    };
    progress(
      `lighthouse ${path}: performance ${entry.performance}, accessibility ${entry.accessibility}, best practices ${entry.bestPractices}, SEO ${entry.seo} (FCP ${entry.fcpMs} ms, LCP ${entry.lcpMs} ms, TBT ${entry.tbtMs} ms; CPU benchmark index ${entry.benchmarkIndex})`,
    );
    return entry;
  } finally {
    chrome.kill();
  }
}

export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bianshi-bench-load-'));
  let hub: ServerProcess | undefined;
  let browser: Browser | undefined;
  let initHelperPeak = 0;
  let polling = true;
  try {
    progress('load: starting the hub as npm start does (PGlite on disk, fresh directory)');
    const started = Date.now();
    const launching = startServerProcess({
      name: 'hub',
      entry: hubEntry,
      nodeArgs: ['--enable-source-maps'],
      env: {
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        CLIENT_DIST: join(repoRoot, 'client', 'dist'),
      },
      startTimeoutMs: 180_000,
    });
    // Watch the hub's children (the PGlite init helper) while it starts.
    const poll = (async () => {
      while (polling) {
        for (const line of readFileSync('/proc/self/task/' + process.pid + '/children', 'utf8')
          .trim()
          .split(/\s+/)
          .filter(Boolean)) {
          for (const child of childPids(Number(line))) {
            try {
              initHelperPeak = Math.max(initHelperPeak, vmHwmBytes(child));
            } catch {
              // gone
            }
          }
        }
        await sleep(25);
      }
    })();
    hub = await launching;
    const startupMs = Date.now() - started;
    polling = false;
    await poll;
    const startupPeakRssBytes = vmHwmBytes(hub.pid);
    progress(
      `load: hub up in ${startupMs} ms; peak RSS ${(startupPeakRssBytes / 2 ** 20).toFixed(0)} MiB, init helper peak ${(initHelperPeak / 2 ** 20).toFixed(0)} MiB`,
    );

    const timer = await createTimer(hub.url);
    const created = (await (await fetch(`${hub.url}/api/v1/timers/${timer.id}`)).json()) as {
      shortid: string;
    };
    await sendCommand(hub.url, timer, { type: 'start' });
    const lobby = await trpcMutation<{ id: string }>(hub.url, 'lobby.create', {
      name: '性能测试大厅',
      visibility: 'public',
      timers: [timer.id],
    });

    const latencies: number[] = [];
    for (let i = 0; i < 40; i++) {
      const at = performance.now();
      await sendCommand(hub.url, timer, { type: 'toggle' });
      latencies.push(performance.now() - at);
    }
    if (latencies.length % 2 === 1) await sendCommand(hub.url, timer, { type: 'toggle' });
    const commandLatencyMs = distribution(latencies);

    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
      ],
      headless: true,
      timeout: 30_000,
    });
    // A first page in a new browser pays for the browser's own start-up; load one, unmeasured.
    const warmup = await browser.newContext();
    await (
      await warmup.newPage()
    )
      .goto(`${hub.url}/`, { waitUntil: 'load', timeout: 60_000 })
      .catch(() => undefined);
    await warmup.close();
    const pages: PageLoad[] = [];
    const plan: [string, string, string][] = [
      ['display', `/timer/${timer.id}`, '[role="timer"]'],
      ['lobby screen', `/lobby/${lobby.id}`, '[role="timer"]'],
      ['landing', '/', 'main h1'],
      ['create', '/create', 'main h1'],
      ['console', `/timer/manage/${created.shortid}#key=${timer.controlKey}`, '[role="timer"]'],
    ];
    for (const [name, path, selector] of plan)
      pages.push(await measurePage(browser, name, `${hub.url}${path}`, path.replace(/#.*/, ''), selector));
    await browser.close();
    browser = undefined;

    progress(`load: hub at rest for ${options.restSeconds} s`);
    await sleep(options.restSeconds * 1000);
    const idleRssBytes = vmRssBytes(hub.pid);
    progress(`load: hub idle RSS ${(idleRssBytes / 2 ** 20).toFixed(0)} MiB`);

    const figures: LoadFigures = {
      network: NETWORK,
      pages,
      hubMemory: { startupPeakRssBytes, initHelperPeakRssBytes: initHelperPeak, startupMs, idleRssBytes },
      commandLatencyMs,
    };
    if (options.lighthouse) {
      try {
        figures.lighthouse = await runLighthouse(
          hub.url,
          ['/', `/timer/${timer.id}`, '/lobby', '/create'],
          options.lighthouseRuns,
        );
      } catch (error) {
        progress(`lighthouse failed: ${error instanceof Error ? error.message : String(error)}`);
        figures.lighthouse = { error: error instanceof Error ? error.message : String(error) };
      }
    }
    return figures;
  } finally {
    polling = false;
    await browser?.close().catch(() => undefined);
    await hub?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
