/**
 * Screenshots of the projector display for review (not a test): every skin preset, single and
 * dual stages, warning/danger/overtime, overlays, at 1920×1080, 390×844 and 844×390.
 *
 *   npm run build -w client && npx tsx tests/e2e/display-screenshots.ts [name-prefix]
 *
 * Writes /tmp/shots/display-<case>-<skin>-<viewport>.png.
 */
import { mkdirSync } from 'node:fs';
import type { CommandInput } from '@bianshi/shared';
import { startHub } from '../support/hub';
import { launchBrowser } from './support/browser';
import { createTestTimer, setTimerSettings, SAMPLE_SETTINGS } from './display-fixtures';

const VIEWPORTS = { desk: { width: 1920, height: 1080 }, phone: { width: 390, height: 844 }, land: { width: 844, height: 390 } } as const;
type Vp = keyof typeof VIEWPORTS;

mkdirSync('/tmp/shots', { recursive: true });
const hub = await startHub();
const browser = await launchBrowser();
const only = process.argv[2];
try {
  const cases: { name: string; skin: string; commands: CommandInput[]; vps: Vp[]; ring?: boolean; settings?: Record<string, unknown> }[] = [
    { name: 'single-normal', skin: 'dark', commands: [{ type: 'start' }], vps: ['desk', 'phone', 'land'] },
    { name: 'single-normal', skin: 'light', commands: [{ type: 'start' }], vps: ['desk', 'phone', 'land'] },
    { name: 'single-warning', skin: 'dark', commands: [{ type: 'start' }, { type: 'adjust', deltaMs: -185_000 }], vps: ['desk', 'phone'] },
    { name: 'single-danger', skin: 'dark', commands: [{ type: 'start' }, { type: 'adjust', deltaMs: -203_000 }], vps: ['desk', 'phone', 'land'] },
    { name: 'single-danger', skin: 'light', commands: [{ type: 'start' }, { type: 'adjust', deltaMs: -203_000 }], vps: ['desk'] },
    { name: 'overtime', skin: 'dark', commands: [{ type: 'goto', stageIndex: 2 }, { type: 'start' }, { type: 'adjust', deltaMs: -25_000 }], vps: ['desk', 'phone', 'land'] },
    { name: 'dual', skin: 'dark', commands: [{ type: 'goto', stageIndex: 1 }, { type: 'start' }, { type: 'adjust', deltaMs: -12_000 }], vps: ['desk', 'phone', 'land'] },
    { name: 'dual', skin: 'light', commands: [{ type: 'goto', stageIndex: 1 }, { type: 'start' }, { type: 'switchSide' }], vps: ['desk', 'phone', 'land'] },
    { name: 'dual-hc', skin: 'high-contrast', commands: [{ type: 'goto', stageIndex: 1 }, { type: 'start' }], vps: ['desk'] },
    { name: 'single-green', skin: 'tournament-green', commands: [{ type: 'start' }, { type: 'adjust', deltaMs: -185_000 }], vps: ['desk', 'phone'] },
    { name: 'cover', skin: 'dark', commands: [{ type: 'goto', stageIndex: 3 }], vps: ['desk', 'phone'] },
    { name: 'message', skin: 'dark', commands: [{ type: 'start' }, { type: 'overlay', action: 'message', text: '请双方辩手入场，比赛即将开始' }], vps: ['desk', 'phone'] },
    { name: 'blackout', skin: 'dark', commands: [{ type: 'start' }, { type: 'overlay', action: 'blackout', on: true }], vps: ['desk'] },
    { name: 'paused', skin: 'dark', commands: [{ type: 'start' }, { type: 'adjust', deltaMs: -40_000 }, { type: 'pause' }], vps: ['desk'] },
    { name: 'unlock', skin: 'dark', commands: [], vps: ['desk', 'phone'], ring: true },
    { name: 'plain', skin: 'dark', commands: [{ type: 'start' }], vps: ['desk', 'phone'], settings: {} },
  ];
  for (const c of cases) {
    if (only && !c.name.startsWith(only)) continue;
    const timer = await createTestTimer(hub);
    await setTimerSettings(hub, timer.id, c.settings ?? { ...SAMPLE_SETTINGS, skin: c.skin });
    for (const command of c.commands) await timer.send(command);
    for (const vp of c.vps) {
      const context = await browser.newContext({ viewport: VIEWPORTS[vp], locale: 'zh-CN' });
      await context.addInitScript((ring) => window.localStorage.setItem('bianshi:display:ring', ring ? '1' : '0'), c.ring ?? false);
      const page = await context.newPage();
      page.on('pageerror', (e) => console.log('pageerror', e.message));
      await page.goto(`${hub.url}/timer/${timer.id}`);
      await page.getByTestId('display-stage').waitFor({ timeout: 20_000 });
      await page.waitForTimeout(400);
      const file = `/tmp/shots/display-${c.name}-${c.skin}-${vp}.png`;
      await page.screenshot({ path: file });
      console.log(file);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await hub.close();
}
