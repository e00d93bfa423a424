/**
 * Starter content and the public library in a real Chromium: every example word of /topic's
 * search box finds a motion; an organizer publishes a topic group, an admin sends it back with
 * a note on /admin/topics, then approves it, and only then does a visitor see it. With
 * LIBRARY_SHOTS=<dir>, also saves screenshots (1280×800 and 390×844, light and dark).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { launchBrowser, openPage, type PageOptions } from './support/browser';

let hub: TestHub;
let browser: Browser;
let owner: TestAccount;
let admin: TestAccount;
const WAIT = { timeout: 20_000 };
const SHOTS = process.env.LIBRARY_SHOTS ?? '';

beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub(), launchBrowser()]);
  [owner, admin] = await Promise.all([createAccount(hub, 'organizer'), createAccount(hub, 'admin')]);
  await hub.services.auth.setAdmin(admin.email, true);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

async function pageAs(account: TestAccount | null, options: PageOptions = {}) {
  const opened = await openPage(browser, { viewport: { width: 1280, height: 800 }, ...options });
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
    ['desktop', { width: 1280, height: 800 }],
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

describe('starter content and the public library', () => {
  it('finds a motion for every example word of the search box', async () => {
    const { context, page, errors } = await pageAs(null);
    await page.goto(`${hub.url}/topic`);
    const search = page.getByTestId('topic-search');
    const placeholder = (await search.getAttribute('placeholder')) ?? '';
    const examples = [...placeholder.matchAll(/「([^」]+)」/g)].map((match) => match[1]!);
    expect(examples.length).toBeGreaterThan(0);
    for (const word of examples) {
      await search.fill(word);
      const results = page.getByTestId('topic-results').getByTestId('topic-card');
      await expect.poll(() => results.count(), WAIT).toBeGreaterThan(0);
      expect(await results.first().textContent()).toContain(word);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('publishes a group only after an admin approves it; a rejection reaches its owner', async () => {
    const { id } = await owner.client.library.topics.createGroup.mutate({
      group: { name: '校队训练题', description: '校队每周训练用的辩题' },
    });
    await owner.client.library.topics.addTopic.mutate({
      groupId: id,
      topic: { text: '大学应当取消期末考试' },
    });

    const visitor = await pageAs(null);
    const visible = async () => {
      await visitor.page.goto(`${hub.url}/topic`);
      await visitor.page.getByTestId('topic-search').fill('期末考试');
      await visitor.page
        .getByText(/共 \d+ 道辩题|没有找到符合条件的辩题/)
        .first()
        .waitFor(WAIT);
      return visitor.page.getByTestId('topic-results').getByText('大学应当取消期末考试').count();
    };
    expect(await visible()).toBe(0);

    // The organizer publishes from the group's page.
    const mine = await pageAs(owner);
    await mine.page.goto(`${hub.url}/topic/${id}`);
    const panel = mine.page.getByTestId('publish-panel');
    await expect.poll(() => panel.getAttribute('data-visibility'), WAIT).toBe('private');
    await panel.getByRole('button', { name: '发布到公共辩题库' }).click();
    await expect.poll(() => panel.getAttribute('data-visibility'), WAIT).toBe('pending');
    expect(await panel.textContent()).toContain('等待管理员审核');
    if (SHOTS) await mine.page.screenshot({ path: join(SHOTS, 'topic-group-pending-desktop-light.png') });
    expect(await visible()).toBe(0);

    // The admin sends it back with a note, typed in the product's own dialog.
    const review = await pageAs(admin);
    await review.page.goto(`${hub.url}/admin/topics`);
    const item = review.page.getByTestId('review-item').filter({ hasText: '校队训练题' });
    await item.waitFor(WAIT);
    expect(await item.textContent()).toContain('1 道辩题');
    await item.getByRole('button', { name: '退回' }).click();
    await review.page.getByTestId('prompt-input').fill('请注明辩题来源');
    await review.page.locator('[data-confirm="yes"]').click();
    await item.waitFor({ state: 'detached', ...WAIT });
    await mine.page.reload();
    await expect.poll(() => panel.getAttribute('data-visibility'), WAIT).toBe('rejected');
    expect(await panel.textContent()).toContain('发布未通过审核：请注明辩题来源');
    expect(await visible()).toBe(0);

    // Published again and approved: now the visitor finds it.
    await panel.getByRole('button', { name: '发布到公共辩题库' }).click();
    await expect.poll(() => panel.getAttribute('data-visibility'), WAIT).toBe('pending');
    await review.page.reload();
    await item.getByRole('button', { name: '通过' }).click();
    await review.page.getByText('没有等待审核的合集').waitFor(WAIT);
    expect(await visible()).toBe(1);
    await visitor.page.goto(`${hub.url}/topic/${id}`);
    await visitor.page.getByText('大学应当取消期末考试').waitFor(WAIT);
    expect(await visitor.page.getByTestId('publish-panel').count()).toBe(0);
    for (const opened of [visitor, mine, review]) {
      expect(opened.errors).toEqual([]);
      await opened.context.close();
    }
    await owner.client.library.topics.createGroup
      .mutate({ group: { name: '待审核示例' } })
      .then(({ id: pending }) =>
        owner.client.library.topics.addTopic
          .mutate({ groupId: pending, topic: { text: '示例：网络使人更孤独' } })
          .then(() => owner.client.library.topics.publishGroup.mutate({ id: pending })),
      );
    await shots(admin, '/admin/topics', 'admin-topics', (shot) =>
      shot.getByTestId('review-item').first().waitFor(WAIT),
    );
    await shots(owner, `/topic/${id}`, 'topic-group-owner', (shot) =>
      shot.getByTestId('publish-panel').waitFor(WAIT),
    );
  });
});
