/**
 * Screenshots of the projector display for review (not a test): every skin preset, single and
 * dual stages, warning/danger/overtime, time-up, overlays, the longest texts the fields accept
 * (with 字号缩放 ×0.6 and ×1.6), and the lobby grid with long names, at 1920×1080, 1280×720,
 * 390×844 and 844×390.
 *
 *   npm run build -w client && npx tsx tests/e2e/display-screenshots.ts [name-prefix]
 *
 * Writes $SHOTS_DIR (default /tmp/shots)/display-<case>-<skin>-<viewport>.png.
 */
import { mkdirSync } from 'node:fs';
import type { CommandInput } from '@bianshi/shared';
import { startHub } from '../support/hub';
import { launchBrowser } from './support/browser';
import { httpClient } from '../support/trpc';
import {
  createTestTimer,
  LONG_SETTINGS,
  longTextFormat,
  setTimerSettings,
  SAMPLE_SETTINGS,
} from './display-fixtures';

const VIEWPORTS = {
  desk: { width: 1920, height: 1080 },
  hd: { width: 1280, height: 720 },
  phone: { width: 390, height: 844 },
  land: { width: 844, height: 390 },
} as const;
type Vp = keyof typeof VIEWPORTS;
const ALL: Vp[] = ['desk', 'hd', 'phone', 'land'];
const dir = process.env.SHOTS_DIR ?? '/tmp/shots';

mkdirSync(dir, { recursive: true });
const hub = await startHub();
const browser = await launchBrowser();
const only = process.argv[2];
try {
  const long = { format: longTextFormat(), timerName: LONG_SETTINGS.timerName };
  const longSettings = (skin: string, fontScale = 1) => ({
    topic: LONG_SETTINGS.topic,
    teams: LONG_SETTINGS.teams,
    skin: { preset: skin, fontScale },
  });
  const timeUpFormat = {
    schemaVersion: 1,
    id: 'time-up',
    name: '到时',
    tags: { language: 'zh' },
    stages: [
      {
        kind: 'single',
        name: '正方一辩 立论',
        side: 'aff',
        speaker: 1,
        durationMs: 1_000,
        overtime: 'stop',
        bells: [],
      },
    ],
  };
  const cases: {
    name: string;
    skin: string;
    commands: CommandInput[];
    vps: Vp[];
    ring?: boolean;
    settings?: Record<string, unknown>;
    format?: unknown;
    timerName?: string;
    waitForText?: string;
  }[] = [
    {
      name: 'long-single',
      skin: 'dark',
      commands: [{ type: 'start' }, { type: 'pause' }],
      vps: ALL,
      settings: longSettings('dark'),
      ...long,
    },
    {
      name: 'long-single',
      skin: 'light',
      commands: [{ type: 'start' }, { type: 'pause' }],
      vps: ALL,
      settings: longSettings('light'),
      ...long,
    },
    {
      name: 'long-x1.6',
      skin: 'dark',
      commands: [{ type: 'start' }, { type: 'pause' }],
      vps: ['desk', 'phone'],
      settings: longSettings('dark', 1.6),
      ...long,
    },
    {
      name: 'long-x0.6',
      skin: 'dark',
      commands: [{ type: 'start' }, { type: 'pause' }],
      vps: ['desk', 'phone'],
      settings: longSettings('dark', 0.6),
      ...long,
    },
    {
      name: 'long-dual',
      skin: 'dark',
      commands: [{ type: 'goto', stageIndex: 1 }, { type: 'start' }],
      vps: ALL,
      settings: longSettings('dark'),
      ...long,
    },
    {
      name: 'long-dual',
      skin: 'light',
      commands: [{ type: 'goto', stageIndex: 1 }, { type: 'start' }],
      vps: ['desk', 'phone'],
      settings: longSettings('light'),
      ...long,
    },
    {
      name: 'long-pooled',
      skin: 'dark',
      commands: [{ type: 'goto', stageIndex: 2 }, { type: 'start' }, { type: 'pause' }],
      vps: ALL,
      settings: longSettings('dark'),
      ...long,
    },
    {
      name: 'long-cover',
      skin: 'dark',
      commands: [{ type: 'goto', stageIndex: 4 }],
      vps: ALL,
      settings: longSettings('dark'),
      ...long,
    },
    {
      name: 'long-cover',
      skin: 'light',
      commands: [{ type: 'goto', stageIndex: 4 }],
      vps: ['desk', 'phone'],
      settings: longSettings('light'),
      ...long,
    },
    {
      name: 'time-up',
      skin: 'dark',
      commands: [{ type: 'start' }],
      vps: ['desk', 'hd', 'phone'],
      settings: { ...SAMPLE_SETTINGS, skin: 'dark' },
      format: timeUpFormat,
      waitForText: '时间到',
    },
    {
      name: 'time-up',
      skin: 'light',
      commands: [{ type: 'start' }],
      vps: ['desk', 'phone'],
      settings: { ...SAMPLE_SETTINGS, skin: 'light' },
      format: timeUpFormat,
      waitForText: '时间到',
    },
    { name: 'single-normal', skin: 'dark', commands: [{ type: 'start' }], vps: ALL },
    { name: 'single-normal', skin: 'light', commands: [{ type: 'start' }], vps: ['desk', 'phone', 'land'] },
    {
      name: 'single-warning',
      skin: 'dark',
      commands: [{ type: 'start' }, { type: 'adjust', deltaMs: -185_000 }],
      vps: ['desk', 'phone'],
    },
    {
      name: 'single-danger',
      skin: 'dark',
      commands: [{ type: 'start' }, { type: 'adjust', deltaMs: -203_000 }],
      vps: ['desk', 'phone', 'land'],
    },
    {
      name: 'single-danger',
      skin: 'light',
      commands: [{ type: 'start' }, { type: 'adjust', deltaMs: -203_000 }],
      vps: ['desk'],
    },
    {
      name: 'overtime',
      skin: 'dark',
      commands: [{ type: 'goto', stageIndex: 2 }, { type: 'start' }, { type: 'adjust', deltaMs: -25_000 }],
      vps: ['desk', 'phone', 'land'],
    },
    {
      name: 'dual',
      skin: 'dark',
      commands: [{ type: 'goto', stageIndex: 1 }, { type: 'start' }, { type: 'adjust', deltaMs: -12_000 }],
      vps: ['desk', 'phone', 'land'],
    },
    {
      name: 'dual',
      skin: 'light',
      commands: [{ type: 'goto', stageIndex: 1 }, { type: 'start' }, { type: 'switchSide' }],
      vps: ['desk', 'phone', 'land'],
    },
    {
      name: 'dual-hc',
      skin: 'high-contrast',
      commands: [{ type: 'goto', stageIndex: 1 }, { type: 'start' }],
      vps: ['desk'],
    },
    {
      name: 'single-green',
      skin: 'tournament-green',
      commands: [{ type: 'start' }, { type: 'adjust', deltaMs: -185_000 }],
      vps: ['desk', 'phone'],
    },
    { name: 'cover', skin: 'dark', commands: [{ type: 'goto', stageIndex: 3 }], vps: ['desk', 'phone'] },
    {
      name: 'message',
      skin: 'dark',
      commands: [
        { type: 'start' },
        { type: 'overlay', action: 'message', text: '请双方辩手入场，比赛即将开始' },
      ],
      vps: ['desk', 'phone'],
    },
    {
      name: 'blackout',
      skin: 'dark',
      commands: [{ type: 'start' }, { type: 'overlay', action: 'blackout', on: true }],
      vps: ['desk'],
    },
    {
      name: 'paused',
      skin: 'dark',
      commands: [{ type: 'start' }, { type: 'adjust', deltaMs: -40_000 }, { type: 'pause' }],
      vps: ['desk'],
    },
    { name: 'unlock', skin: 'dark', commands: [], vps: ['desk', 'phone'], ring: true },
    { name: 'plain', skin: 'dark', commands: [{ type: 'start' }], vps: ['desk', 'phone'], settings: {} },
  ];
  for (const c of cases) {
    if (only && !c.name.startsWith(only)) continue;
    const timer = await createTestTimer(hub, c.format, c.timerName);
    await setTimerSettings(hub, timer.id, c.settings ?? { ...SAMPLE_SETTINGS, skin: c.skin });
    for (const command of c.commands) await timer.send(command);
    for (const vp of c.vps) {
      const context = await browser.newContext({ viewport: VIEWPORTS[vp], locale: 'zh-CN' });
      await context.addInitScript(
        (ring) => window.localStorage.setItem('bianshi:display:ring', ring ? '1' : '0'),
        c.ring ?? false,
      );
      const page = await context.newPage();
      page.on('pageerror', (e) => console.log('pageerror', e.message));
      await page.goto(`${hub.url}/timer/${timer.id}`);
      await page.getByTestId('display-stage').waitFor({ timeout: 20_000 });
      if (c.waitForText) await page.getByText(c.waitForText).first().waitFor({ timeout: 20_000 });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const file = `${dir}/display-${c.name}-${c.skin}-${vp}.png`;
      await page.screenshot({ path: file });
      console.log(file);
      await context.close();
    }
  }
  if (!only || 'lobby'.startsWith(only.slice(0, 5))) await lobbyGrid();
} finally {
  await browser.close();
  await hub.close();
}

/** The lobby's 整轮网格 with long timer and team names, in the site's light and dark modes. */
async function lobbyGrid() {
  const api = httpClient(hub.url);
  const timers = await Promise.all(
    [0, 1, 2, 3].map((i) => createTestTimer(hub, undefined, `${LONG_SETTINGS.timerName.slice(0, 79)}${i}`)),
  );
  for (const timer of timers)
    await setTimerSettings(hub, timer.id, { topic: LONG_SETTINGS.topic, teams: LONG_SETTINGS.teams });
  await timers[1]!.send({ type: 'start' });
  const lobby = await api.lobby.create.mutate({
    name: '复赛大厅',
    visibility: 'public',
    timers: timers.map((timer) => timer.id),
  });
  await httpClient(hub.url, { authorization: `Bearer ${lobby.organizerKey}` }).lobby.setMode.mutate({
    lobbyId: lobby.id,
    mode: 'grid',
  });
  for (const scheme of ['light', 'dark'] as const) {
    for (const vp of ['desk', 'hd', 'phone'] as const) {
      const context = await browser.newContext({
        viewport: VIEWPORTS[vp],
        locale: 'zh-CN',
        colorScheme: scheme,
      });
      const page = await context.newPage();
      await page.goto(`${hub.url}/lobby/${lobby.id}`);
      await page.getByTestId('lobby-grid').waitFor({ timeout: 20_000 });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const file = `${dir}/lobby-grid-long-${scheme}-${vp}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      await context.close();
    }
  }
}
