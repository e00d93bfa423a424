/**
 * Screenshots of the match-day screens of issue 31 for review (not a test): the result on the
 * display, a refused display (private, judge link), the console after 结束比赛 with its result
 * panel, the reset confirmation, the info page's judge link and the admin's prompt dialog, at
 * 1920×1080 and 390×844 (the console also in dark).
 *
 *   npm run build && npx tsx tests/e2e/match-day-screenshots.ts
 *
 * Writes /tmp/matchday-shots/<case>-<viewport>[-dark].png.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { startHub } from '../support/hub';
import { httpClient } from '../support/trpc';
import { createAccount } from '../support/accounts';
import { launchBrowser } from './support/browser';

const OUT = '/tmp/matchday-shots';
const VIEWPORTS = { desk: { width: 1920, height: 1080 }, phone: { width: 390, height: 844 } } as const;
const ADMIN_EMAIL = 'shots-admin@bianshi.test';

mkdirSync(OUT, { recursive: true });
const hub = await startHub({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
const browser = await launchBrowser();

async function shoot(
  name: string,
  url: string,
  ready: (page: Page) => Promise<unknown>,
  options: { dark?: boolean; cookie?: string; vps?: (keyof typeof VIEWPORTS)[] } = {},
) {
  for (const vp of options.vps ?? (['desk', 'phone'] as const)) {
    const context = await browser.newContext({
      viewport: VIEWPORTS[vp],
      locale: 'zh-CN',
      colorScheme: options.dark ? 'dark' : 'light',
    });
    if (options.cookie) {
      const [cookieName = '', value = ''] = options.cookie.split('=');
      await context.addCookies([{ name: cookieName, value, url: hub.url, httpOnly: true, sameSite: 'Lax' }]);
    }
    const page = await context.newPage();
    page.on('pageerror', (error) => console.log('pageerror', error.message));
    await page.goto(url);
    await ready(page);
    const file = `${OUT}/${name}-${vp}${options.dark ? '-dark' : ''}.png`;
    await page.screenshot({ path: file });
    console.log(file);
    await context.close();
  }
}

try {
  const created = await httpClient(hub.url).timer.create.mutate({
    formatId: 'cn-worldcup',
    name: '华语辩论世界杯 决赛',
  });
  const owner = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
  const send = (command: Parameters<typeof owner.timer.command.mutate>[0]['command']) =>
    owner.timer.command.mutate({ timerId: created.id, command });
  const teams = {
    aff: { name: '复旦大学', school: '', debaters: [] },
    neg: { name: '南京大学', school: '', debaters: [] },
  };
  await owner.manage.updateSettings.mutate({ timerId: created.id, section: 'teams', value: teams });
  await send({ type: 'goto', stageIndex: 3 });
  await send({ type: 'start' });
  await send({ type: 'finish' });
  await owner.library.records.updateResult.mutate({
    matchId: created.matchId,
    result: {
      teams: { aff: { name: '复旦大学' }, neg: { name: '南京大学' } },
      ballots: { aff: 4, neg: 1 },
      winner: 'aff',
      bestDebater: '李四（正方三辩）',
    },
  });
  await owner.timer.showResult.mutate({ timerId: created.id, show: true });

  // The result on the display.
  await shoot('display-result', `${hub.url}/timer/${created.id}`, (page) =>
    page.getByTestId('display-result').waitFor(),
  );

  // The console after 结束比赛: the result panel (shown), light and dark. The control cookie comes from the control link.
  const consoleUrl = `${hub.url}/timer/manage/${created.shortid}#key=${created.controlKey}`;
  for (const dark of [false, true])
    await shoot('console-finished', consoleUrl, (page) => page.getByTestId('console-result').waitFor(), {
      dark,
    });

  // The reset confirmation on a running speech.
  const running = await httpClient(hub.url).timer.create.mutate({ formatId: 'cn-worldcup', name: '初赛' });
  const runningOwner = httpClient(hub.url, { authorization: `Bearer ${running.controlKey}` });
  await runningOwner.timer.command.mutate({ timerId: running.id, command: { type: 'goto', stageIndex: 3 } });
  await runningOwner.timer.command.mutate({ timerId: running.id, command: { type: 'start' } });
  for (const dark of [false, true]) {
    await shoot(
      'console-confirm-reset',
      `${hub.url}/timer/manage/${running.shortid}#key=${running.controlKey}`,
      async (page) => {
        await page.getByTestId('console').waitFor();
        await page.getByRole('button', { name: '重置本环节' }).click();
        await page.getByRole('dialog', { name: '重置本环节？' }).waitFor();
      },
      { dark },
    );
  }
  // The console's transport with 撤销 and 结束比赛, mid-match.
  await shoot(
    'console-running',
    `${hub.url}/timer/manage/${running.shortid}#key=${running.controlKey}`,
    (page) => page.getByTestId('console-undo').waitFor(),
  );

  // The info page's judge link (and its rotate button).
  await shoot(
    'info-judge-link',
    `${hub.url}/timer/manage/${running.shortid}#key=${running.controlKey}`,
    async (page) => {
      await page.getByTestId('console').waitFor();
      await page.goto(`${hub.url}/timer/manage/${running.shortid}/info`);
      await page.getByTestId('rotate-judge-key').scrollIntoViewIfNeeded();
    },
  );

  // Refused displays: the old judge link without its key, and a timer made private.
  await shoot('display-refused-judge', `${hub.url}/timer/${running.id}?role=judge`, (page) =>
    page.getByTestId('display-error').waitFor(),
  );
  await runningOwner.manage.setPrivate.mutate({ timerId: running.id, private: true });
  await shoot('display-refused-private', `${hub.url}/timer/${running.id}`, (page) =>
    page.getByTestId('display-error').waitFor(),
  );

  // The admin's prompt (确认到账), the product's dialog in place of the browser's prompt().
  const { token } = await hub.services.auth.signUp(
    { email: ADMIN_EMAIL, password: 'correct horse battery' },
    'shots',
  );
  const cookie = `${hub.services.auth.cookies.session}=${token}`;
  const buyer = await createAccount(hub, 'shots-buyer');
  const order = await buyer.client.commerce.createOrder
    .mutate({
      plan: 'enterprise',
      months: 12,
      seats: 1,
      provider: 'manual',
      buyer: { name: '李老师', organization: '', phone: '021-5555 6666', email: 'li@example.com' },
    })
    .catch((error: unknown) => console.log('no order', String(error)));
  if (order) {
    await shoot(
      'admin-prompt',
      `${hub.url}/admin/cdkey`,
      async (page) => {
        await page.getByRole('tab', { name: /订单/ }).click();
        await page.getByRole('button', { name: '确认到账' }).first().click();
        await page.getByTestId('prompt-input').fill('回单 20261123');
      },
      { cookie },
    );
  }
} finally {
  await browser.close();
  await hub.close();
}
