/**
 * The integrator's pages in a real Chromium against a real hub: the console's 集成与直播 page
 * (the overlay's address and preview, a webhook added, tested and seen delivered in its log, then
 * deleted through the product's dialog) and the account's API tokens (created and shown once,
 * then revoked). Screenshots go to INTEGRATIONS_SHOTS_DIR when it is set.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { httpClient } from '../support/trpc';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { launchBrowser, openPage } from './support/browser';

let hub: TestHub;
let browser: Browser;
let receiver: WebhookReceiver;
const WAIT = { timeout: 20_000 };
const SHOTS = process.env.INTEGRATIONS_SHOTS_DIR ?? null;

beforeAll(async () => {
  [hub, browser, receiver] = await Promise.all([
    startHub({ env: { WEBHOOK_ALLOW_PRIVATE: 'on', WEBHOOK_RETRY_SCHEDULE_S: '1' } }),
    launchBrowser(),
    startWebhookReceiver(),
  ]);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await hub?.close();
  await receiver?.close();
});

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('集成与直播 page', () => {
  it('builds the overlay address, and adds, tests and deletes a webhook', async () => {
    const created = await httpClient(hub.url).timer.create.mutate({ formatId: 'bp', name: '直播赛' });
    const { page, context, errors } = await openPage(browser, {
      viewport: { width: 1920, height: 1080 },
      colorScheme: 'dark',
    });
    try {
      await page.goto(`${hub.url}/timer/manage/${created.shortid}#key=${created.controlKey}`);
      await page.getByTestId('console').waitFor(WAIT);
      await page.goto(`${hub.url}/timer/manage/${created.shortid}/integrations`);

      const url = page.getByTestId('overlay-url');
      await url.waitFor(WAIT);
      expect(await url.inputValue()).toBe(`${hub.url}/timer/${created.id}/overlay`);
      await page.getByTestId('overlay-layout').selectOption('lower-third');
      expect(await url.inputValue()).toBe(`${hub.url}/timer/${created.id}/overlay?layout=lower-third`);
      expect(await page.getByTestId('overlay-preview').getAttribute('src')).toBe(
        `${hub.url}/timer/${created.id}/overlay?layout=lower-third`,
      );
      expect(await page.getByTestId('sse-url').innerText()).toContain(`/api/v1/timers/${created.id}/events`);

      await page.getByTestId('webhook-url').fill(receiver.url);
      await page.getByTestId('webhook-add').click();
      const row = page.getByTestId('webhook-row');
      await row.waitFor(WAIT);
      const owner = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
      const [webhook] = await owner.integrations.timerWebhooks.list.query({ timerId: created.id });
      receiver.secret = webhook!.secret;

      await row.getByTestId('webhook-test').click();
      await row.getByTestId('webhook-log-toggle').click();
      await row.getByTestId('webhook-log').getByText('已送达').waitFor(WAIT);
      expect(receiver.received.at(-1)).toMatchObject({ verified: true, body: { type: 'webhook.test' } });
      await page.getByTestId('overlay-preview').scrollIntoViewIfNeeded();
      await shot(page, 'integrations-page-1920x1080-dark');

      await row.getByRole('button', { name: '删除' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor(WAIT);
      await dialog.getByRole('button', { name: '删除' }).click();
      await row.waitFor({ state: 'detached', ...WAIT });
      expect(await owner.integrations.timerWebhooks.list.query({ timerId: created.id })).toEqual([]);
      expect(errors).toEqual([]);

      for (const [name, viewport, colorScheme] of [
        ['integrations-page-390x844-light', { width: 390, height: 844 }, 'light'],
        ['integrations-page-1920x1080-light', { width: 1920, height: 1080 }, 'light'],
      ] as const) {
        if (!SHOTS) break;
        const other = await openPage(browser, { viewport, colorScheme });
        await other.page.goto(`${hub.url}/timer/manage/${created.shortid}#key=${created.controlKey}`);
        await other.page.getByTestId('console').waitFor(WAIT);
        await other.page.goto(`${hub.url}/timer/manage/${created.shortid}/integrations`);
        await other.page.getByTestId('overlay-url').waitFor(WAIT);
        await shot(other.page, name);
        await other.context.close();
      }
    } finally {
      await context.close();
    }
  });
});

describe('lobby console webhooks', () => {
  it('adds a lobby webhook that hears its timers, with its delivery log', async () => {
    const api = httpClient(hub.url);
    const timer = await api.timer.create.mutate({ formatId: 'bp', name: '大厅里的比赛' });
    const lobby = await api.lobby.create.mutate({
      name: '直播大厅',
      visibility: 'public',
      timers: [timer.id],
    });
    const { page, context, errors } = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    try {
      await page.goto(`${hub.url}/lobby/${lobby.id}?key=${lobby.organizerKey}`);
      const panel = page.getByTestId('lobby-webhooks');
      await panel.getByTestId('lobby-webhooks-open').click();
      await panel.getByTestId('webhook-url').fill(receiver.url);
      await panel.getByTestId('webhook-add').click();
      const row = panel.getByTestId('webhook-row');
      await row.waitFor(WAIT);
      const [webhook] = await hub.services.integrations.webhooks.list({ lobbyId: lobby.id });
      receiver.secret = webhook!.secret;

      // A timer the lobby shows starts its stage: the lobby's webhook hears it, signed.
      const owner = httpClient(hub.url, { authorization: `Bearer ${timer.controlKey}` });
      await owner.timer.command.mutate({ timerId: timer.id, command: { type: 'start' } });
      await expect
        .poll(
          () =>
            receiver.received.find(
              (delivery) => delivery.body.type === 'stage.started' && delivery.body.data.timerId === timer.id,
            ),
          WAIT,
        )
        .toMatchObject({ verified: true });
      await row.getByTestId('webhook-log-toggle').click();
      await row.getByTestId('webhook-log').getByText('已送达').first().waitFor(WAIT);
      await shot(page, 'lobby-webhooks-1440x900-light');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('API tokens page', () => {
  it('creates a token shown once, and revokes it through the dialog', async () => {
    const account = await createAccount(hub, 'tokens');
    const { page, context, errors } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      const [name, value] = account.cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: hub.url }]);
      await page.goto(`${hub.url}/account/tokens`);
      await page.getByTestId('token-name').fill('主会场 Stream Deck');
      await page.getByTestId('token-create').click();
      const created = page.getByTestId('token-created');
      await created.waitFor(WAIT);
      const token = await created.locator('code').innerText();
      expect(token).toMatch(/^bst_[A-Za-z0-9_-]{43}$/);
      const row = page.getByTestId('token-row');
      await row.waitFor(WAIT);
      expect(await row.innerText()).toContain('主会场 Stream Deck');
      expect(await row.innerText()).not.toContain(token);
      await shot(page, 'tokens-page-1280x900-light');

      await row.getByRole('button', { name: '撤销' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor(WAIT);
      await dialog.getByRole('button', { name: '撤销' }).click();
      await page.locator('[data-testid="token-row"][data-revoked="true"]').waitFor(WAIT);
      const refused = await fetch(`${hub.url}/api/v1/timers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(refused.status).toBe(403);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('asks a visitor to sign in', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    try {
      await page.goto(`${hub.url}/account/tokens`);
      await page.getByTestId('tokens-sign-in').waitFor(WAIT);
    } finally {
      await context.close();
    }
  });
});
