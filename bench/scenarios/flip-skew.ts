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
      perBoundary: { text: string; spreadMs: number }[];
    };

/** A flip as a page recorded it. */
interface Flip {
  element: number;
  text: string;
  at: number;
}

export const CHROMIUM_PATH = '/usr/bin/chromium';
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

/** Installed in every page before its scripts run. */
function recordFlips(): void {
  const flips: Flip[] = [];
  const last: string[] = [];
  (window as unknown as { __benchFlips: Flip[] }).__benchFlips = flips;
  new MutationObserver(() => {
    const at = performance.timeOrigin + performance.now();
    document.querySelectorAll('[role="timer"]').forEach((element, index) => {
      const text = element.textContent?.trim() ?? '';
      if (text !== last[index]) {
        last[index] = text;
        flips.push({ element: index, text, at });
      }
    });
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

export async function runFlipSkew(options: FlipSkewOptions): Promise<FlipSkewFigures> {
  if (!displayIsBuilt()) {
    progress('flip skew: skipped — no element with role="timer" in client/src yet');
    return { skipped: 'display not built' };
  }
  if (options.build !== false) {
    progress('flip skew: building the client');
    const result = spawnSync('npm', ['run', 'build', '-w', 'client', '--silent'], { cwd: repoRoot, stdio: ['ignore', 2, 2] });
    if (result.status !== 0) throw new Error(`npm run build -w client failed (${result.status})`);
  }
  const hub = await startHub({ clientDist });
  let browser: Browser | undefined;
  try {
    const timer = await createTimer(hub.url);
    await sendCommand(hub.url, timer, { type: 'start' });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true, timeout: 30_000 });
    const context = await browser.newContext({ viewport: { width: 800, height: 450 } });
    await context.addInitScript(recordFlips);
    progress(`flip skew: opening ${options.pages} pages on /timer/${timer.id}`);
    const pages: Page[] = [];
    for (let i = 0; i < options.pages; i++) {
      const page = await context.newPage();
      await page.goto(`${hub.url}/timer/${timer.id}`, { waitUntil: 'load', timeout: 30_000 });
      pages.push(page);
    }
    await Promise.all(pages.map((page) => page.waitForSelector('[role="timer"]', { timeout: 30_000 })));
    // Let clock sync settle before counting boundaries.
    await sleep(2_000);
    const from = Date.now();
    progress(`flip skew: recording ${options.boundaries} second boundaries`);
    await sleep((options.boundaries + 1) * 1_000);
    const recorded = await Promise.all(pages.map((page) => page.evaluate(() => (window as unknown as { __benchFlips: Flip[] }).__benchFlips)));
    return summarize(recorded, from, options.pages);
  } finally {
    await browser?.close().catch(() => undefined);
    await hub.stop();
  }
}

/** Groups flips by (element, text) and keeps the boundaries every page saw after `from`. */
export function summarize(recorded: Flip[][], from: number, pages: number): FlipSkewFigures {
  const byBoundary = new Map<string, number[]>();
  for (const flips of recorded) {
    for (const flip of flips) {
      if (flip.at < from) continue;
      const key = `${flip.element}|${flip.text}`;
      const instants = byBoundary.get(key) ?? [];
      instants.push(flip.at);
      byBoundary.set(key, instants);
    }
  }
  const perBoundary: { text: string; spreadMs: number }[] = [];
  for (const [key, instants] of byBoundary) {
    if (instants.length !== pages) continue;
    perBoundary.push({ text: key.slice(key.indexOf('|') + 1), spreadMs: round1(Math.max(...instants) - Math.min(...instants)) });
  }
  const spreadMs = distribution(perBoundary.map((boundary) => boundary.spreadMs));
  progress(`flip skew: ${perBoundary.length} boundaries, spread p50 ${spreadMs.p50} ms, p99 ${spreadMs.p99} ms`);
  return { pages, boundaries: perBoundary.length, spreadMs, perBoundary };
}
