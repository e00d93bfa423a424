/**
 * Screenshots of the break (晋级) for review (not a test): the console's 晋级 panel of
 * tests/fixtures/tabbycat/break16 after three rounds (before release, an AIDA-capped team and
 * ties at the cut-off showing), and the public page's 晋级 tab after release, at 1920×1080 and
 * 390×844; also the implicit open category of a tournament without categories, and a tournament
 * created in Bianshi with an ESL category beside its open one, its 参赛资格 list and
 * 添加晋级类别 open; then break16's open knockout and ESL's own, in the console and on the
 * public 淘汰赛 tab.
 *
 *   npm run build && npx tsx tests/e2e/break-screenshots.ts
 *
 * Writes /tmp/break-shots/<case>-<viewport>.png.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { createAccount } from '../support/accounts';
import { NATIVE12_TEAMS, playBreak16, playNative12 } from '../support/break-tournament';
import { startHub } from '../support/hub';
import { launchBrowser } from './support/browser';

const OUT = '/tmp/break-shots';
const VIEWPORTS = { desk: { width: 1920, height: 1080 }, phone: { width: 390, height: 844 } } as const;

mkdirSync(OUT, { recursive: true });
const hub = await startHub();
const browser = await launchBrowser();

async function shoot(name: string, url: string, ready: (page: Page) => Promise<unknown>, cookie?: string) {
  for (const vp of ['desk', 'phone'] as const) {
    const context = await browser.newContext({
      viewport: VIEWPORTS[vp],
      locale: 'zh-CN',
      colorScheme: 'light',
    });
    if (cookie) {
      const [cookieName = '', value = ''] = cookie.split('=');
      await context.addCookies([{ name: cookieName, value, url: hub.url, httpOnly: true, sameSite: 'Lax' }]);
    }
    const page = await context.newPage();
    page.on('pageerror', (error) => console.log('pageerror', error.message));
    await page.goto(url);
    await ready(page);
    const file = `${OUT}/${name}-${vp}.png`;
    await page.screenshot({ path: file });
    console.log(file);
    const section = page.locator('#tm-break, #tm-knockout, #tm-panel').first();
    await section.screenshot({ path: `${OUT}/${name}-${vp}-section.png` });
    await context.close();
  }
}

try {
  const director = await createAccount(hub, 'break-shots');
  const { id, slug } = await playBreak16(hub, director, '2026 华语辩论公开赛');
  const panel = async (page: Page) => {
    await page.getByTestId('tm-break-category').nth(1).waitFor({ timeout: 20_000 });
    await page.evaluate(() => document.getElementById('tm-break')?.scrollIntoView({ block: 'start' }));
  };
  await shoot('console', `${hub.url}/worldcup/${slug}/manage#tm-break`, panel, director.cookie);
  await director.client.tournament.releaseBreak.mutate({ tournamentId: id });
  await shoot('console-released', `${hub.url}/worldcup/${slug}/manage#tm-break`, panel, director.cookie);
  await shoot('public', `${hub.url}/worldcup/${slug}?tab=break`, (page) =>
    page.getByTestId('tm-break-public-row').first().waitFor({ timeout: 20_000 }),
  );

  const other = await createAccount(hub, 'break-shots-implicit');
  const implicitSlug = `break-implicit-${Date.now().toString(36)}`;
  const created = await other.client.tournament.create.mutate({
    tournament: { name: '无类别测试赛', slug: implicitSlug, judgesPerFixture: 0 },
  });
  await other.client.tournament.importTeams.mutate({
    tournamentId: created.id,
    import: {
      source: 'csv',
      text: ['队名,学校', ...['甲', '乙', '丙', '丁'].map((n) => `${n}队,${n}校`)].join('\n'),
    },
  });
  await shoot(
    'implicit',
    `${hub.url}/worldcup/${implicitSlug}/manage#tm-break`,
    async (page) => {
      await page.getByTestId('tm-break-category').waitFor({ timeout: 20_000 });
      await page.evaluate(() => document.getElementById('tm-break')?.scrollIntoView({ block: 'start' }));
    },
    other.cookie,
  );

  const organizer = await createAccount(hub, 'break-shots-native');
  const native = await playNative12(hub, organizer, '2026 新生杯');
  await organizer.client.tournament.createBreakCategory.mutate({
    tournamentId: native.id,
    category: { name: '公开组', size: 4, rule: 'standard' },
  });
  const { categoryId } = await organizer.client.tournament.createBreakCategory.mutate({
    tournamentId: native.id,
    category: { name: 'ESL', size: 2, rule: 'standard' },
  });
  const nativeView = await hub.services.tournaments.core.view(native.slug, {
    id: organizer.id,
    email: organizer.email,
    displayName: '',
  });
  const table = nativeView.standings[0]!.rows.map((row) => row.teamId);
  const eslTeams = [table[0]!, table[8]!, table[9]!, table[11]!];
  await organizer.client.tournament.setBreakEligibility.mutate({
    tournamentId: native.id,
    eligibility: { categoryId, teamIds: eslTeams },
  });
  console.log(`${NATIVE12_TEAMS.length} teams, ESL ${eslTeams.length}`);
  await shoot(
    'categories',
    `${hub.url}/worldcup/${native.slug}/manage#tm-break`,
    async (page) => {
      await page.getByTestId('tm-break-category').nth(1).waitFor({ timeout: 20_000 });
      await page.getByTestId('tm-break-eligibility').locator('summary').click();
      await page.getByTestId('tm-break-eligibility-team').nth(2).locator('input').check();
      await page.getByTestId('tm-break-add').locator('summary').click();
      await page.evaluate(() =>
        document.querySelectorAll('[data-testid="tm-break-category"]')[1]?.scrollIntoView({ block: 'start' }),
      );
    },
    organizer.cookie,
  );

  // break16's open knockout, then ESL's own: the console's 淘汰赛 section and the public tab.
  await director.client.tournament.createKnockout.mutate({
    tournamentId: id,
    knockout: { advancePerPool: 1 },
  });
  const esl = (await director.client.tournament.breakPreview.query({ tournamentId: id })).categories[1]!;
  await director.client.tournament.createKnockout.mutate({
    tournamentId: id,
    knockout: { advancePerPool: 4, breakCategoryId: esl.id! },
  });
  await shoot(
    'category-knockout',
    `${hub.url}/worldcup/${slug}/manage#tm-knockout`,
    async (page) => {
      await page
        .getByTestId('tm-category-knockout-panel')
        .getByTestId('bracket')
        .waitFor({ timeout: 20_000 });
      await page.evaluate(() =>
        document
          .querySelector('[data-testid="tm-category-knockout-panel"]')
          ?.scrollIntoView({ block: 'start' }),
      );
    },
    director.cookie,
  );
  await shoot('category-knockout-public', `${hub.url}/worldcup/${slug}?tab=bracket`, (page) =>
    page.getByTestId('tm-category-knockout').waitFor({ timeout: 20_000 }),
  );
} finally {
  await browser.close();
  await hub.close();
}
