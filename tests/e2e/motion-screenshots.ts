/**
 * Screenshots of a round's motions for review (not a test): the console's 本轮辩题 while editing
 * and once scheduled, at 1920×1080 and 390×844 in light and dark.
 *
 *   npm run build && npx tsx tests/e2e/motion-screenshots.ts
 *
 * Writes /tmp/motion-shots/<case>-<viewport>-<scheme>.png.
 */
import { mkdirSync } from 'node:fs';
import { createAccount } from '../support/accounts';
import { startHub } from '../support/hub';
import { launchBrowser, openSignedInPage } from './support/browser';

const OUT = '/tmp/motion-shots';
mkdirSync(OUT, { recursive: true });
const [hub, browser] = await Promise.all([startHub(), launchBrowser()]);
try {
  const director = await createAccount(hub, 'motion-shots');
  const slug = `motion-shots-${Date.now().toString(36)}`;
  const { id: tournamentId } = await director.client.tournament.create.mutate({
    tournament: { name: '多辩题样例赛', slug, judgesPerFixture: 0, venues: ['一号厅', '二号厅'] },
  });
  await director.client.tournament.importTeams.mutate({
    tournamentId,
    import: {
      source: 'csv',
      text: ['队名,学校', '甲队,甲校', '乙队,乙校', '丙队,丙校', '丁队,丁校'].join('\n'),
    },
  });
  const { roundId } = await director.client.tournament.addRound.mutate({
    tournamentId,
    round: { drawKind: 'random' },
  });
  await director.client.tournament.drawRound.mutate({ tournamentId, draw: { roundId } });
  await director.client.tournament.setRoundMotions.mutate({
    tournamentId,
    roundId,
    motions: [
      {
        reference: '经济',
        text: '本院支持全民基本收入',
        infoSlide: '全民基本收入：政府定期向每位公民无条件发放的现金。',
      },
      {
        reference: 'Tech',
        text: 'This House regrets the rise of generative AI in creative industries',
        infoSlide: '',
      },
    ],
  });
  for (const [name, viewport] of [
    ['desk', { width: 1920, height: 1080 }],
    ['phone', { width: 390, height: 844 }],
  ] as const)
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page } = await openSignedInPage(browser, hub.url, director.cookie, {
        viewport,
        colorScheme,
      });
      await page.goto(`${hub.url}/worldcup/${slug}/manage#tm-rounds`);
      const box = page.getByTestId('tm-motions');
      await box.waitFor({ timeout: 20_000 });
      await box.scrollIntoViewIfNeeded();
      await box.screenshot({ path: `${OUT}/list-${name}-${colorScheme}.png` });
      await box.getByTestId('tm-motions-edit').click();
      await box.getByTestId('tm-motions-save').scrollIntoViewIfNeeded();
      await box.screenshot({ path: `${OUT}/edit-${name}-${colorScheme}.png` });
      console.log(name, colorScheme, await page.evaluate(() => document.documentElement.scrollWidth));
      await context.close();
    }
  await director.client.tournament.releaseRoundMotions.mutate({
    tournamentId,
    roundId,
    at: Date.now() + 3_600_000,
  });
  const { context, page } = await openSignedInPage(browser, hub.url, director.cookie, {
    viewport: { width: 390, height: 844 },
  });
  await page.goto(`${hub.url}/worldcup/${slug}/manage#tm-rounds`);
  const box = page.getByTestId('tm-motions');
  await box.waitFor({ timeout: 20_000 });
  await box.screenshot({ path: `${OUT}/scheduled-phone-light.png` });
  await context.close();
} finally {
  await browser.close();
  await hub.close();
}
