/**
 * Flip skew: 20 Chromium pages show one running timer; each records the instants
 * (`performance.timeOrigin + performance.now()`) at which an element with `role="timer"`
 * changes its text. For every second boundary all pages saw, the spread is max − min.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createTimer, repoRoot, sendCommand, startHub } from '../support/hub';
import { progress, sleep } from '../support/log';
import { distribution, round1, type Distribution } from '../support/stats';

export interface FlipSkewOptions {
  pages: number;
  /** Second boundaries to observe. */
  boundaries: number;
  /** Build the client before launching (skipped with --no-build). */
  build?: boolean;
}

export type FlipSkewFigures =
  | { skipped: string }
  | {
      pages: number;
      /** Boundaries every page saw. */
      boundaries: number;
      spreadMs: Distribution;
      /**
       * How late each page flipped after the true second boundary (from the server's
       * `runningSince`, same machine clock): the part of the error all pages share.
       */
      lagMs: Distribution;
      perBoundary: { text: string; spreadMs: number }[];
      /**
       * Each page's median lag: a page consistently early or late is off in its estimate of
       * the server clock, not slow to draw.
       */
      pageLagMs: number[];
      /** Animation frames per second each page got while recording (60 when nothing starves it). */
      framesPerSecond?: Distribution;
    };

/** A flip as a page recorded it. */
interface Flip {
  element: number;
  text: string;
  at: number;
}

export const CHROMIUM_PATH = '/usr/bin/chromium';
/** Wait after the last page opened, before recording. */
const SYNC_SETTLE_MS = 5_000;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const clientSrc = join(repoRoot, 'client', 'src');
const clientDist = join(repoRoot, 'client', 'dist');

/** True when some client source renders an element with role="timer" (the display exists). */
export function displayIsBuilt(dir = clientSrc): boolean {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (displayIsBuilt(path)) return true;
    } else if (/\.(tsx?|jsx?)$/.test(name) && readFileSync(path, 'utf8').includes('role="timer"')) {
      return true;
    }
  }
  return false;
}

/**
 * Installed in every page before its scripts run. Plain source text, not a function: a
 * transpiled function may reference helpers (esbuild's `__name`) the page does not have.
 * Records each change of a `role="timer"` element's text, and every animation frame (a page
 * starved of frames cannot flip on time).
 */
const RECORDER_SCRIPT = `(() => {
  const flips = [];
  const frames = [];
  const last = [];
  window.__benchFlips = flips;
  window.__benchFrames = frames;
  function onFrame(at) {
    frames.push(performance.timeOrigin + at);
    requestAnimationFrame(onFrame);
  }
  requestAnimationFrame(onFrame);
  new MutationObserver(function () {
    const at = performance.timeOrigin + performance.now();
    document.querySelectorAll('[role="timer"]').forEach(function (element, index) {
      const text = (element.textContent || '').trim();
      if (text !== last[index]) {
        last[index] = text;
        flips.push({ element: index, text: text, at: at });
      }
    });
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

export async function runFlipSkew(options: FlipSkewOptions): Promise<FlipSkewFigures> {
  if (!displayIsBuilt()) {
    progress('flip skew: skipped — no element with role="timer" in client/src yet');
    return { skipped: 'display not built' };
  }
  if (options.build !== false) {
    progress('flip skew: building the client');
    const result = spawnSync('npm', ['run', 'build', '-w', 'client', '--silent'], {
      cwd: repoRoot,
      stdio: ['ignore', 2, 2],
    });
    if (result.status !== 0) throw new Error(`npm run build -w client failed (${result.status})`);
  }
  const hub = await startHub({ clientDist });
  let browser: Browser | undefined;
  try {
    const timer = await createTimer(hub.url);
    const started = await sendCommand(hub.url, timer, { type: 'start' });
    const runningSince = started.state.stages[0]?.clocks[0]?.runningSince;
    if (typeof runningSince !== 'number') throw new Error('the timer did not start');
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      headless: true,
      timeout: 30_000,
    });
    progress(`flip skew: opening ${options.pages} pages on /timer/${timer.id}`);
    const pages: Page[] = [];
    for (let i = 0; i < options.pages; i++) {
      // A context (window) per page: tabs sharing a window would be background tabs, and
      // background tabs get no animation frames — unlike projectors, each its own screen.
      const context = await browser.newContext({ viewport: { width: 640, height: 360 } });
      await context.addInitScript({ content: RECORDER_SCRIPT });
      const page = await context.newPage();
      await page.goto(`${hub.url}/timer/${timer.id}`, { waitUntil: 'load', timeout: 30_000 });
      pages.push(page);
    }
    await Promise.all(pages.map((page) => page.waitForSelector('[role="timer"]', { timeout: 30_000 })));
    // Let clock sync settle before counting boundaries: a screen re-syncs 3 s after it starts
    // (SETTLE_RESYNCS_MS in the client), after the first burst taken while the page loaded.
    await sleep(SYNC_SETTLE_MS);
    const from = Date.now();
    progress(`flip skew: recording ${options.boundaries} second boundaries`);
    await sleep((options.boundaries + 1) * 1_000);
    const to = Date.now();
    const recorded = await Promise.all(
      pages.map((page) => page.evaluate(() => (window as unknown as { __benchFlips: Flip[] }).__benchFlips)),
    );
    const frames = await Promise.all(
      pages.map((page) =>
        page.evaluate(() => (window as unknown as { __benchFrames: number[] }).__benchFrames),
      ),
    );
    const framesPerSecond = frames.map(
      (instants) => (instants.filter((at) => at >= from && at <= to).length * 1000) / (to - from),
    );
    return {
      ...summarize(recorded, from, options.pages, runningSince),
      framesPerSecond: distribution(framesPerSecond),
    };
  } finally {
    await browser?.close().catch(() => undefined);
    await hub.stop();
  }
}

/**
 * Groups flips by (element, text) and keeps the boundaries every page saw after `from`.
 * Boundaries fall on whole seconds after `runningSince`, which gives each flip's lag.
 */
export function summarize(
  recorded: Flip[][],
  from: number,
  pages: number,
  runningSince: number,
): Extract<FlipSkewFigures, { pages: number }> {
  const byBoundary = new Map<string, number[]>();
  const lagOf = (at: number) => 500 - ((((500 - (at - runningSince)) % 1000) + 1000) % 1000);
  const pageLagMs: number[] = [];
  for (const flips of recorded) {
    const lags: number[] = [];
    for (const flip of flips) {
      if (flip.at < from) continue;
      const key = `${flip.element}|${flip.text}`;
      const instants = byBoundary.get(key) ?? [];
      instants.push(flip.at);
      byBoundary.set(key, instants);
      lags.push(lagOf(flip.at));
    }
    pageLagMs.push(distribution(lags).p50);
  }
  const perBoundary: { text: string; spreadMs: number }[] = [];
  const lags: number[] = [];
  for (const [key, instants] of byBoundary) {
    if (instants.length !== pages) continue;
    perBoundary.push({
      text: key.slice(key.indexOf('|') + 1),
      spreadMs: round1(Math.max(...instants) - Math.min(...instants)),
    });
    // Lag in (−500, 500]: a flip a hair early shows as a small negative lag.
    for (const at of instants) lags.push(lagOf(at));
  }
  const spreadMs = distribution(perBoundary.map((boundary) => boundary.spreadMs));
  const lagMs = distribution(lags);
  progress(
    `flip skew: ${perBoundary.length} boundaries, spread p50 ${spreadMs.p50} ms, p99 ${spreadMs.p99} ms; lag behind the boundary p50 ${lagMs.p50} ms, p99 ${lagMs.p99} ms`,
  );
  return { pages, boundaries: perBoundary.length, spreadMs, lagMs, perBoundary, pageLagMs };
}
