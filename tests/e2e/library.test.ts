/**
 * The library in a real Chromium: search a topic by a Chinese word, draw it, use it in a new
 * timer and see it on the display; a school page lists a team's record; a record page shows
 * its chart, exports CSV/JSON and prints to one A4 page; a stranger cannot open a private
 * record; an editor fixes the result. With LIBRARY_SHOTS=<dir>, also saves screenshots
 * (1920×1080 and 390×844, light and dark) and the printed PDF there.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timers } from '../../hub/src/timers/timer.schema';
import { createAccount, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { untilUsedOnHub } from '../support/hub-clock';
import { downloadedBytes, launchBrowser, openPage, type PageOptions } from './support/browser';

let hub: TestHub;
let browser: Browser;
let owner: TestAccount;
let schoolId = '';
let matchId = '';
let timerId = '';
let shortid = '';
const WAIT = { timeout: 20_000 };
const SHOTS = process.env.LIBRARY_SHOTS ?? '';

beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub(), launchBrowser()]);
  owner = await createAccount(hub, 'owner');
  const school = await owner.client.library.schools.add.mutate({
    school: { name: '浏览器大学', shortName: '浏大', region: '上海', country: '中国' },
  });
  schoolId = school.id;
  const team = await owner.client.library.schools.addTeam.mutate({
    team: {
      schoolId,
      name: '浏览器大学辩论队',
      season: '2026',
      members: [
        { name: '李一', position: 1 },
        { name: '王二', position: 2 },
      ],
    },
  });
  const created = await owner.client.timer.create.mutate({
    name: '校赛决赛',
    format: {
      schemaVersion: 1,
      id: 'library-e2e',
      name: '校赛赛制',
      tags: { language: 'zh' },
      stages: [
        { kind: 'none', name: '封面' },
        {
          kind: 'single',
          name: '正方一辩 立论',
          side: 'aff',
          durationMs: 180_000,
          overtime: 'stop',
          bells: [{ from: 'end', offsetMs: 30_000, count: 1 }],
        },
        { kind: 'single', name: '反方一辩 立论', side: 'neg', durationMs: 1_000, overtime: 'continue' },
        {
          kind: 'dual',
          name: '自由辩论',
          durationMs: { aff: 240_000, neg: 240_000 },
          endBehaviour: 'relay',
          overtime: 'stop',
        },
        { kind: 'single', name: '正方四辩 总结', side: 'aff', durationMs: 240_000, overtime: 'stop' },
      ],
    },
  });
  timerId = created.id;
  shortid = created.shortid;
  matchId = created.matchId;
  await owner.client.manage.updateSettings.mutate({
    timerId,
    section: 'teams',
    value: {
      aff: {
        name: '浏览器大学辩论队',
        school: '浏览器大学',
        debaters: ['李一', '王二'],
        teamId: team.id,
        schoolId,
      },
      neg: { name: '对手队', school: '对手学院', debaters: [] },
    },
  });
  await owner.client.library.topics.useInTimer.mutate({ timerId, topicId: 'starter-1993-final' });
  const command = (type: 'next' | 'start' | 'pause' | 'finish') =>
    owner.client.timer.command.mutate({ timerId, command: { type } });
  // 正方一辩 runs briefly with a pause; 反方一辩 (1 s, counting on) runs into overtime
  // (0.6 s and 1.8 s used, by the hub's own reading).
  await command('next');
  await command('start');
  await untilUsedOnHub(owner.client, timerId, 600);
  await command('pause');
  await command('next');
  await command('start');
  await untilUsedOnHub(owner.client, timerId, 1_800);
  await command('finish');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

async function pageAs(
  account: TestAccount | null,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await openPage(browser, { viewport: { width: 1280, height: 900 }, ...options });
  if (account) {
    const [name = '', value = ''] = account.cookie.split('=');
    await opened.context.addCookies([{ name, value, url: hub.url, httpOnly: true, sameSite: 'Lax' }]);
  }
  return opened;
}

async function shots(
  account: TestAccount | null,
  path: string,
  name: string,
  ready: (page: Page) => Promise<unknown>,
) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const [size, viewport] of [
    ['desktop', { width: 1920, height: 1080 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page } = await pageAs(account, { viewport, colorScheme });
      await page.goto(hub.url + path);
      await ready(page);
      await page.screenshot({
        path: join(SHOTS, `${name}-${size}-${colorScheme}.png`),
        fullPage: size === 'phone',
      });
      await context.close();
    }
  }
}

describe('library pages', () => {
  it('finds a topic by a Chinese word, draws it and puts it on a new timer’s display', async () => {
    const { context, page, errors } = await pageAs(null);
    await page.goto(`${hub.url}/topic`);
    await page.getByTestId('topic-search').fill('道德');
    const results = page.getByTestId('topic-results').getByTestId('topic-card');
    await expect.poll(() => results.count(), WAIT).toBe(1);
    expect(await results.first().textContent()).toContain('温饱是谈道德的必要条件');
    expect(await results.first().textContent()).toContain('1993 国际大专辩论会 · 初赛第四场');

    await page.getByTestId('draw').click();
    const drawn = page.getByTestId('draw-result');
    await drawn.and(page.locator('[data-state="landed"]')).waitFor(WAIT);
    expect(await drawn.textContent()).toContain('温饱是谈道德的必要条件');
    await page.getByTestId('draw-use').click();
    // The new timer: the format is picked here, the name is the motion's.
    const picker = page.getByTestId('use-format');
    expect(await picker.inputValue()).toBe('cn-worldcup');
    await picker.selectOption('cn-classic');
    await page.getByText('计时器名称：温饱是谈道德的必要条件').waitFor(WAIT);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, 'use-in-timer-desktop-light.png') });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: join(SHOTS, 'use-in-timer-phone-light.png') });
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    await page.getByTestId('use-new-timer').click();
    await page.getByTestId('use-done').waitFor(WAIT);
    expect(await page.getByTestId('use-done').textContent()).toContain(
      '已把辩题放到「温饱是谈道德的必要条件」',
    );
    const displayPath = await page.getByTestId('open-display').getAttribute('href');
    expect(displayPath).toMatch(/^\/timer\//);
    const [made] = await hub.services.database.db
      .select({ name: timers.name, format: timers.format })
      .from(timers)
      .where(eq(timers.id, displayPath?.split('/')[2] ?? ''));
    expect(made?.name).toBe('温饱是谈道德的必要条件');
    expect((made?.format as { id: string }).id).toBe('cn-classic');
    const display = await context.newPage();
    await display.goto(hub.url + displayPath);
    await display.getByText('温饱是谈道德的必要条件').first().waitFor(WAIT);
    expect(errors).toEqual([]);
    await context.close();
    await shots(null, '/topic', 'topic', (shot) => shot.getByTestId('topic-card').first().waitFor(WAIT));
    await shots(null, '/topic/starter-1993-icudt', 'topic-group', (shot) =>
      shot.getByTestId('topic-card').first().waitFor(WAIT),
    );
  });

  it('imports topics into a group with a preview: a bad row shows its row and column and writes nothing', async () => {
    const { id } = await owner.client.library.topics.createGroup.mutate({ group: { name: '校内练习题' } });
    const { context, page } = await pageAs(owner);
    await page.goto(`${hub.url}/topic/${id}`);
    await page.getByRole('button', { name: '导入 CSV / JSON' }).click();
    const header = '合集,辩题,类型,年份';
    await page.getByTestId('import-file').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `${header}\n校内练习题,大学生应当兼职,政策,2025\n校内练习题,网络使人更孤独,辩论,去年\n,,价值,\n`,
      ),
    });
    await page.getByTestId('import-errors').waitFor(WAIT);
    // Every error of every row at once, each with its row and column.
    expect(await page.getByTestId('import-errors').locator('li').allTextContents()).toEqual([
      '第 3 行「类型」：类型只能是 政策、价值 或 事实',
      '第 3 行「年份」：年份应为四位数字，而不是「去年」',
      '第 4 行「合集」：合集不能为空',
      '第 4 行「辩题」：辩题不能为空',
    ]);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'topic-import-errors-desktop-light.png') });
    expect((await owner.client.library.topics.group.query({ id })).topics).toEqual([]);
    await page.getByTestId('import-file').setInputFiles({
      name: 'good.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `${header}\n校内练习题,大学生应当兼职,政策,2025\n校内练习题,网络使人更孤独,价值,\n`,
      ),
    });
    await page.getByTestId('import-preview').waitFor(WAIT);
    await page.getByRole('button', { name: '确认导入 2 道辩题' }).click();
    await expect.poll(() => page.getByTestId('topic-card').count(), WAIT).toBe(2);
    expect((await owner.client.library.topics.group.query({ id })).topics.map((topic) => topic.text)).toEqual(
      ['大学生应当兼职', '网络使人更孤独'],
    );
    await context.close();
  });

  it('lists a team’s record on its school page', async () => {
    const { context, page } = await pageAs(null);
    await page.goto(`${hub.url}/schools`);
    await page.getByTestId('school-list').getByText('浏览器大学').click();
    await page.getByTestId('school-records').locator(`a[href="/record/${matchId}"]`).waitFor(WAIT);
    expect(await page.getByTestId('school-records').textContent()).toContain('浏览器大学辩论队 对 对手队');
    expect(await page.textContent('body')).toContain('李一');
    await context.close();
    await shots(null, `/schools/${schoolId}`, 'school', (shot) =>
      shot.getByTestId('school-records').locator('a').first().waitFor(WAIT),
    );
  });

  it('merges 「 浏览器 大学 」 into 浏览器大学 without keeping it as an alias', async () => {
    const { context, page, errors } = await pageAs(owner);
    await page.goto(`${hub.url}/schools`);
    const form = page.getByRole('form', { name: '添加学校' });
    await form.getByLabel('名称').fill(' 浏览器 大学 ');
    await form.getByLabel('地区（省/市）').fill('上海');
    await form.getByLabel('国家/地区').fill('中国');
    await form.getByRole('button', { name: '添加学校' }).click();
    await page.getByText('已存在同名学校，已合并').waitFor(WAIT);
    await page.goto(`${hub.url}/schools/${schoolId}`);
    await page.getByTestId('school-records').waitFor(WAIT);
    expect(await page.textContent('body')).not.toContain('别名');
    const school = await owner.client.library.schools.page.query({ id: schoolId });
    expect(school.school.aliases).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('picks a library team on the timer’s teams page; its record page links to /record/:match', async () => {
    const { context, page } = await pageAs(owner);
    await page.goto(`${hub.url}/timer/manage/${shortid}/teams`);
    const picker = page.getByTestId('team-picker-neg');
    await picker.fill('浏览');
    const label = '浏览器大学辩论队（浏览器大学 · 2026）';
    await page.locator(`#library-teams-neg option[value="${label}"]`).waitFor({ state: 'attached', ...WAIT });
    await picker.fill(label);
    const neg = page.locator('[data-side="neg"]');
    await expect.poll(() => neg.getByLabel('反方一辩').inputValue(), WAIT).toBe('李一');
    expect(await neg.getByLabel('反方二辩').inputValue()).toBe('王二');
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'manage-teams-desktop-light.png') });
    await page.goto(`${hub.url}/timer/manage/${shortid}/record`);
    await page.getByTestId('open-record').click();
    await page.waitForURL(`**/record/${matchId}`, WAIT);
    await context.close();
  });

  it('shows the record chart with overtime, exports CSV and JSON, and prints one A4 page', async () => {
    const { context, page, errors } = await pageAs(owner);
    await page.goto(`${hub.url}/record/${matchId}`);
    const chart = page.getByTestId('record-chart');
    await chart.waitFor(WAIT);
    expect(await chart.locator('li').count()).toBe(5);
    expect(await chart.locator('li[data-overtime="true"]').count()).toBe(1);
    expect(await chart.locator('li[data-overtime="true"]').textContent()).toContain('反方一辩');

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('record-csv').click()]);
    const csvText = (await downloadedBytes(csv)).toString('utf8');
    expect(csvText).toContain('阶段,名称,方,分配(秒),已用(秒),超时(秒),暂停次数,响铃次数');
    expect(csvText).toContain('辩题,人性本善');
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('record-json').click(),
    ]);
    const exported = JSON.parse((await downloadedBytes(json)).toString('utf8')) as {
      matchId: string;
      stages: unknown[];
    };
    expect(exported.matchId).toBe(matchId);

    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    if (SHOTS) writeFileSync(join(SHOTS, 'record-print.pdf'), pdf);
    expect(errors).toEqual([]);
    await context.close();
    await shots(owner, `/record/${matchId}`, 'record', (shot) =>
      shot.getByTestId('record-chart').waitFor(WAIT),
    );
    await shots(owner, '/record', 'records', (shot) =>
      shot.getByTestId('my-records').locator('a').first().waitFor(WAIT),
    );
  });

  it('shows an anonymous visitor a public record without 我的比赛记录', async () => {
    const { context, page, errors } = await pageAs(null);
    await page.goto(`${hub.url}/record/${matchId}`);
    await page.getByTestId('record-chart').waitFor(WAIT);
    expect(await page.textContent('body')).not.toContain('我的比赛记录');
    expect(await page.getByTestId('my-records-link').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
    // The owner has a list of their records: the link back to it stays.
    const mine = await pageAs(owner);
    await mine.page.goto(`${hub.url}/record/${matchId}`);
    await mine.page.getByTestId('my-records-link').getByRole('link', { name: '我的比赛记录' }).waitFor(WAIT);
    await mine.context.close();
  });

  it('paints 正方 and 反方 in one palette on the console, display, /topic, /record and its chart', async () => {
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    // The display's presets: light #b91c1c / #1d4ed8, dark (its default) #f87171 / #60a5fa.
    const palettes = { light: ['#b91c1c', '#1d4ed8'], dark: ['#f87171', '#60a5fa'] } as const;
    for (const colorScheme of ['light', 'dark'] as const) {
      const [aff, neg] = palettes[colorScheme].map(rgb);
      const { context, page } = await pageAs(owner, { colorScheme });
      await page.goto(`${hub.url}/topic/starter-1993-icudt`);
      const chip = (side: string) =>
        page
          .locator(`.lib-side--${side}`)
          .first()
          .evaluate((el) => getComputedStyle(el).backgroundColor);
      await page.locator('.lib-side--aff').first().waitFor(WAIT);
      expect([await chip('aff'), await chip('neg')]).toEqual([aff, neg]);

      await page.goto(`${hub.url}/record/${matchId}`);
      await page.getByTestId('record-chart').waitFor(WAIT);
      const fill = (side: string) =>
        page
          .locator(`.lib-chart__used--${side}`)
          .first()
          .evaluate((el) => getComputedStyle(el).fill);
      expect([await fill('aff'), await fill('neg')]).toEqual([aff, neg]);
      expect([await chip('aff'), await chip('neg')]).toEqual([aff, neg]);
      const legend = (side: string) =>
        page
          .locator(`.lib-chart__key--${side}`)
          .evaluate((el) => getComputedStyle(el, '::before').backgroundColor);
      expect([await legend('aff'), await legend('neg')]).toEqual([aff, neg]);
      await context.close();
    }
    // The console and the display draw the timer's skin: by default the dark preset, the
    // site's dark palette.
    const { context, page } = await pageAs(owner);
    const [aff, neg] = palettes.dark.map(rgb);
    for (const path of [`/timer/manage/${shortid}`, `/timer/${timerId}`]) {
      await page.goto(hub.url + path);
      const display = page.getByTestId('timer-display').first();
      await display.waitFor(WAIT);
      const sides = await display.evaluate((el) => {
        const probe = document.createElement('span');
        el.append(probe);
        probe.style.color = 'var(--td-aff)';
        const affColour = getComputedStyle(probe).color;
        probe.style.color = 'var(--td-neg)';
        const negColour = getComputedStyle(probe).color;
        probe.remove();
        return [affColour, negColour];
      });
      expect(sides, path).toEqual([aff, neg]);
    }
    await context.close();
  });

  it('hides a private record from a stranger and lets an editor fix the result', async () => {
    await hub.services.database.db
      .update(timers)
      .set({ viewKey: 'private-for-test' })
      .where(eq(timers.id, timerId));
    const stranger = await createAccount(hub, 'stranger');
    const strangerPage = await pageAs(stranger);
    await strangerPage.page.goto(`${hub.url}/record/${matchId}`);
    await strangerPage.page.getByTestId('record-error').waitFor(WAIT);
    expect(await strangerPage.page.getByTestId('record-error').textContent()).toContain(
      '找不到这场比赛的记录',
    );
    expect(await strangerPage.page.getByTestId('record-chart').count()).toBe(0);
    await strangerPage.context.close();

    const editor = await createAccount(hub, 'editor');
    const invite = await owner.client.members.createInvite.mutate({ timerId, role: 'editor' });
    await editor.client.members.acceptInvite.mutate({ token: invite.token });
    const { context, page } = await pageAs(editor);
    await page.goto(`${hub.url}/record/${matchId}`);
    await page.getByTestId('edit-result').click();
    await page.getByTestId('winner-select').selectOption('neg');
    await page.getByTestId('ballots-input').fill('3:2');
    await page.getByRole('button', { name: '保存成绩单' }).click();
    await page.getByRole('alert').filter({ hasText: '胜方与票型不一致' }).waitFor(WAIT);
    await page.getByTestId('ballots-input').fill('2:3');
    await page.getByRole('button', { name: '保存成绩单' }).click();
    await expect.poll(() => page.getByTestId('result-winner').textContent(), WAIT).toBe('反方');
    expect(await page.getByTestId('result-ballots').textContent()).toBe('2:3');
    const saved = await owner.client.library.records.get.query({ matchId });
    expect(saved.result).toMatchObject({ winner: 'neg', ballots: { aff: 2, neg: 3 } });
    await context.close();
  });
});
