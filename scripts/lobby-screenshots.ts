/**
 * Screenshots of the lobby pages for looking at them (a script, not a test): /lobby, a lobby's
 * featured and grid views, and the organizer console, at 1920×1080 and 390×844, light and dark.
 *
 *   npm run build -w client && node --import tsx scripts/lobby-screenshots.ts [outDir]
 *
 * (default outDir /tmp/lobby-shots; E2E_CLIENT_DIST serves another built client).
 */
import { mkdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { timers as timersTable } from '../hub/src/timers/timer.schema';
import { startHub } from '../tests/support/hub';
import { httpClient } from '../tests/support/trpc';
import { launchBrowser, openPage, settled } from '../tests/e2e/support/browser';
import { speechFormat } from '../tests/support/formats';

const OUT = process.argv[2] ?? '/tmp/lobby-shots';
const FORMAT = speechFormat('lobby-shots', '截图赛制', [210_000, 210_000]);
const TEAMS = [
  ['复旦大学', '武汉大学'],
  ['中山大学', '南京大学'],
  ['华东师范大学', '厦门大学'],
  ['北京大学', '香港中文大学'],
];

const env: Record<string, string> = process.env.E2E_CLIENT_DIST
  ? { CLIENT_DIST: process.env.E2E_CLIENT_DIST }
  : {};
const [hub, browser] = await Promise.all([startHub({ env }), launchBrowser()]);
mkdirSync(OUT, { recursive: true });
try {
  const api = httpClient(hub.url);
  const created = await Promise.all(
    TEAMS.map((_, i) => api.timer.create.mutate({ name: `第 ${i + 1} 赛场`, format: FORMAT })),
  );
  for (const [i, timer] of created.entries()) {
    const [aff, neg] = TEAMS[i]!;
    await hub.services.database.db
      .update(timersTable)
      .set({
        settings: { teams: { aff: { name: aff }, neg: { name: neg } }, topic: '人工智能的发展利大于弊' },
      })
      .where(eq(timersTable.id, timer.id));
  }
  for (const timer of created.slice(0, 3)) {
    const controller = httpClient(hub.url, { authorization: `Bearer ${timer.controlKey}` });
    await controller.timer.command.mutate({ timerId: timer.id, command: { type: 'start' } });
  }
  await api.lobby.create.mutate({
    name: '华语辩论公开赛 · 八强',
    organizerName: '辩论协会',
    visibility: 'public',
    timers: created.slice(2).map((t) => t.id),
  });
  const lobby = await api.lobby.create.mutate({
    name: '新生杯 第一轮',
    organizerName: '校辩论队',
    visibility: 'public',
    timers: created.map((t) => t.id),
  });
  const organizer = httpClient(hub.url, { authorization: `Bearer ${lobby.organizerKey}` });
  await organizer.lobby.message.mutate({ lobbyId: lobby.id, text: '第二轮将于 15:30 开始，请各队提前候场' });

  for (const scheme of ['light', 'dark'] as const) {
    for (const [size, viewport] of [
      ['desktop', { width: 1920, height: 1080 }],
      ['mobile', { width: 390, height: 844 }],
    ] as const) {
      const { context, page } = await openPage(browser, { viewport, colorScheme: scheme });
      const shot = (name: string) =>
        page.screenshot({
          path: `${OUT}/lobby-${name}-${size}-${scheme}.png`,
          fullPage: name !== 'featured',
        });
      await page.goto(`${hub.url}/lobby`);
      await page.getByTestId('lobby-list').locator('li').first().waitFor();
      await shot('index');
      await organizer.lobby.setMode.mutate({ lobbyId: lobby.id, mode: 'featured' });
      await page.goto(`${hub.url}/lobby/${lobby.id}`);
      await page.getByRole('timer').first().waitFor();
      await settled(page);
      await shot('featured');
      await organizer.lobby.setMode.mutate({ lobbyId: lobby.id, mode: 'grid' });
      await page.getByTestId('lobby-grid').waitFor();
      await settled(page);
      await shot('grid');
      await context.close();
      const boss = await openPage(browser, { viewport, colorScheme: scheme });
      await boss.page.goto(`${hub.url}/lobby/${lobby.id}?key=${lobby.organizerKey}`);
      await boss.page.getByTestId('lobby-roster-row').first().waitFor();
      await settled(boss.page);
      await boss.page.screenshot({ path: `${OUT}/lobby-console-${size}-${scheme}.png`, fullPage: true });
      await boss.context.close();
    }
  }
  console.log(`screenshots in ${OUT}`);
} finally {
  await browser.close();
  await hub.close();
}
