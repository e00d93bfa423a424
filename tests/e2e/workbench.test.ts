/**
 * The workbench in a real Chromium: two signed-in people co-edit one document and see each
 * other's caret; an invite link as viewer lands in the project and cannot type; a document
 * edited while its hub is down merges when the hub returns (y-indexeddb + WebsocketProvider).
 * With SCREENSHOTS=<dir>, the pages are also saved at projector and phone sizes, light and dark.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createAccount, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { spawnHub, type HubProcess } from '../support/process-hub';
import { holds, untilTrue } from '../support/until';
import { openDoc, signUpOver } from '../support/yjs';
import { confirmDialog, launchBrowser, openPage } from './support/browser';

const WAIT = { timeout: 30_000 };
const SHOTS = process.env.SCREENSHOTS;

let hub: TestHub;
let browser: Browser;

beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

async function signedIn(
  baseUrl: string,
  cookie: string,
  options: Parameters<typeof openPage>[1] = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await openPage(browser, { viewport: { width: 1280, height: 900 }, ...options });
  const [name = '', value = ''] = cookie.split('=');
  await opened.context.addCookies([{ name, value, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return opened;
}

const editorOf = (page: Page) => page.locator('.wb-prose');

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

describe('workbench', () => {
  let owner: TestAccount;
  let partner: TestAccount;
  let projectId: string;

  beforeAll(async () => {
    [owner, partner] = await Promise.all([createAccount(hub, 'owner'), createAccount(hub, 'partner')]);
    ({ projectId } = await owner.client.workbench.create.mutate({
      kind: 'workbench',
      name: '校赛初赛',
      team: '法学院辩论队',
      motion: '人工智能的发展利大于弊',
    }));
    const invite = await owner.client.workbench.createInvite.mutate({
      projectId,
      role: 'editor',
      expiresInHours: 24,
    });
    await partner.client.workbench.acceptInvite.mutate({ token: invite.token });
  });

  it('lets two signed-in people co-edit a document and see each other’s caret', async () => {
    const a = await signedIn(hub.url, owner.cookie);
    const b = await signedIn(hub.url, partner.cookie);
    // Carets take only #rrggbb colours; anything else floods the console with a warning per render.
    const colourWarnings: string[] = [];
    for (const { page } of [a, b])
      page.on('console', (message) => {
        if (message.text().includes('unsupported color format')) colourWarnings.push(message.text());
      });
    for (const { page } of [a, b]) {
      await page.goto(`${hub.url}/workbench/${projectId}`);
      await editorOf(page).waitFor(WAIT);
      await page.getByRole('status').filter({ hasText: '已同步' }).waitFor(WAIT);
    }
    await editorOf(a.page).click();
    await a.page.keyboard.type('我方认为人工智能的发展利大于弊。');
    await b.page.getByText('我方认为人工智能的发展利大于弊。').waitFor(WAIT);
    await editorOf(b.page).click();
    await b.page.keyboard.press('End');
    await b.page.keyboard.type('补充：效率提升。');
    await a.page.getByText('补充：效率提升。', { exact: false }).waitFor(WAIT);
    // The partner's caret, labelled with their name, is on the owner's screen, and vice versa.
    const partnerName = partner.email.split('@')[0]!;
    await a.page.locator('.collaboration-carets__label', { hasText: partnerName }).waitFor(WAIT);
    await b.page
      .locator('.collaboration-carets__label', { hasText: owner.email.split('@')[0]! })
      .waitFor(WAIT);
    // Both appear in the presence list with their role.
    await expect.poll(() => a.page.locator('.wb-person').count(), WAIT).toBe(2);
    await shoot(a.page, 'workbench-coedit-1280');
    expect([...a.errors, ...b.errors]).toEqual([]);
    expect(colourWarnings).toEqual([]);
    await a.context.close();
    await b.context.close();
  }, 120_000);

  it('lands a viewer invite in the project, where typing changes nothing', async () => {
    const viewer = await createAccount(hub, 'viewer');
    const invite = await owner.client.workbench.createInvite.mutate({
      projectId,
      role: 'viewer',
      expiresInHours: 24,
    });
    const v = await signedIn(hub.url, viewer.cookie);
    await v.page.goto(`${hub.url}${invite.path}`);
    await v.page.getByText('你被邀请以「查看者」身份加入「校赛初赛」。').waitFor(WAIT);
    await v.page.getByRole('button', { name: '加入项目' }).click();
    await v.page.waitForURL(`${hub.url}/workbench/${projectId}`, WAIT);
    await v.page.getByText('你是查看者，只能查看此项目。').waitFor(WAIT);
    await editorOf(v.page).waitFor(WAIT);
    await v.page.getByText('我方认为人工智能的发展利大于弊。', { exact: false }).waitFor(WAIT);
    expect(await editorOf(v.page).getAttribute('contenteditable')).toBe('false');
    await editorOf(v.page).click();
    await v.page.keyboard.type('查看者不能写');
    // Watched for 0.5 s: the text never takes the typed words.
    await holds(
      () => editorOf(v.page).textContent(),
      (text) => !text?.includes('查看者不能写'),
      500,
    );
    expect(await editorOf(v.page).textContent()).not.toContain('查看者不能写');
    expect(await v.page.getByRole('toolbar').count()).toBe(0);
    await v.context.close();
  }, 120_000);

  it('lets a commenter comment on selected text (not edit it); the owner sees, replies to and resolves it', async () => {
    const commenter = await createAccount(hub, 'commenter');
    const invite = await owner.client.workbench.createInvite.mutate({
      projectId,
      role: 'commenter',
      expiresInHours: 24,
    });
    await commenter.client.workbench.acceptInvite.mutate({ token: invite.token });
    const c = await signedIn(hub.url, commenter.cookie);
    await c.page.goto(`${hub.url}/workbench/${projectId}`);
    await c.page.getByText('你是评论者：不能修改正文，但可以选中文字添加评论。').waitFor(WAIT);
    const paragraph = editorOf(c.page).locator('p', { hasText: '我方认为' });
    await paragraph.waitFor(WAIT);
    await paragraph.click({ clickCount: 3 });
    await c.page.getByRole('button', { name: '评论选中的文字' }).click();
    await c.page.getByLabel('写下你的评论…').fill('这里需要数据支撑');
    await c.page.getByRole('button', { name: '发表评论' }).click();
    await c.page.locator('.wb-comment', { hasText: '这里需要数据支撑' }).waitFor(WAIT);
    // Typing changes nothing: the text stays read-only to a commenter.
    await paragraph.click();
    await c.page.keyboard.type('评论者不能写');
    // Watched for 0.3 s: the text never takes the typed words.
    await holds(
      () => editorOf(c.page).textContent(),
      (text) => !text?.includes('评论者不能写'),
      300,
    );
    expect(await editorOf(c.page).textContent()).not.toContain('评论者不能写');

    const o = await signedIn(hub.url, owner.cookie);
    await o.page.goto(`${hub.url}/workbench/${projectId}`);
    const comment = o.page.locator('.wb-comment', { hasText: '这里需要数据支撑' });
    await comment.waitFor(WAIT);
    expect(await comment.textContent()).toContain('我方认为人工智能的发展利大于弊。');
    // The commented words are marked in the owner's text.
    await expect
      .poll(() => editorOf(o.page).locator('.wb-commented').first().textContent(), WAIT)
      .toContain('我方认为');
    // A thread: the owner replies, the commenter sees it at once and answers; both replies stay.
    await comment.getByRole('button', { name: /^回复 .* 的评论$/ }).click();
    await o.page.getByLabel('写下你的回复…').fill('第二段有统计局的数字');
    await o.page.getByRole('button', { name: '发送回复' }).click();
    const thread = c.page.locator('.wb-comment', { hasText: '这里需要数据支撑' }).locator('.wb-reply');
    await thread.filter({ hasText: '第二段有统计局的数字' }).waitFor(WAIT);
    await c.page.getByRole('button', { name: /^回复 .* 的评论$/ }).click();
    await c.page.getByLabel('写下你的回复…').fill('好，我去补上出处');
    await c.page.getByRole('button', { name: '发送回复' }).click();
    await comment.locator('.wb-reply', { hasText: '好，我去补上出处' }).waitFor(WAIT);
    expect(await comment.locator('.wb-reply').allTextContents()).toEqual([
      expect.stringContaining('第二段有统计局的数字'),
      expect.stringContaining('好，我去补上出处'),
    ]);
    // An empty reply is refused in Chinese; the commenter may delete only their own reply.
    await c.page.getByRole('button', { name: /^回复 .* 的评论$/ }).click();
    await c.page.getByRole('button', { name: '发送回复' }).click();
    await c.page.getByText('回复不能为空。').waitFor(WAIT);
    await c.page.getByRole('button', { name: '取消' }).click();
    expect(
      await thread
        .filter({ hasText: '第二段有统计局的数字' })
        .getByRole('button', { name: '删除回复' })
        .count(),
    ).toBe(0);
    await thread.filter({ hasText: '好，我去补上出处' }).getByRole('button', { name: '删除回复' }).click();
    await confirmDialog(c.page);
    await comment
      .locator('.wb-reply', { hasText: '好，我去补上出处' })
      .waitFor({ state: 'detached', ...WAIT });
    await shoot(o.page, 'workbench-comments-1280');
    if (SHOTS) {
      // The thread on a phone in dark and on a projector in light, as the commenter sees it.
      await c.page.setViewportSize({ width: 390, height: 844 });
      await c.page.emulateMedia({ colorScheme: 'dark' });
      await c.page.locator('.wb-comment', { hasText: '这里需要数据支撑' }).scrollIntoViewIfNeeded();
      await shoot(c.page, 'workbench-replies-390-dark');
      await c.page.setViewportSize({ width: 1920, height: 1080 });
      await c.page.emulateMedia({ colorScheme: 'light' });
      await shoot(c.page, 'workbench-replies-1920-light');
    }
    await comment.getByRole('button', { name: '解决' }).click();
    await c.page
      .locator('.wb-comment', { hasText: '这里需要数据支撑' })
      .waitFor({ state: 'detached', ...WAIT });
    expect(await editorOf(o.page).locator('.wb-commented').count()).toBe(0);
    expect([...c.errors, ...o.errors]).toEqual([]);
    await c.context.close();
    await o.context.close();
  }, 120_000);

  it('says 离线编辑中 within 3 s of the network dropping, and merges when it returns', async () => {
    const a = await signedIn(hub.url, owner.cookie);
    const documentId = (await owner.client.workbench.get.query({ projectId })).documents.find(
      (d) => d.kind === 'text',
    )!.id;
    await a.page.goto(`${hub.url}/workbench/${projectId}`);
    await editorOf(a.page).waitFor(WAIT);
    const status = a.page.getByRole('status').filter({ hasText: /已同步|离线编辑中/ });
    await status.filter({ hasText: '已同步' }).waitFor(WAIT);
    await a.context.setOffline(true);
    await status.filter({ hasText: '离线编辑中，恢复连接后自动合并' }).waitFor({ timeout: 3_000 });
    await shoot(a.page, 'workbench-offline-1280');
    await editorOf(a.page).click();
    await a.page.keyboard.press('Control+End');
    await a.page.keyboard.type('断网时写的。');
    await a.context.setOffline(false);
    await status.filter({ hasText: '已同步' }).waitFor(WAIT);
    const witness = openDoc(hub.url, documentId, { cookie: owner.cookie });
    await untilTrue(() => witness.doc.getXmlFragment('default').toString().includes('断网时写的。'), 30_000);
    witness.close();
    expect(a.errors).toEqual([]);
    await a.context.close();
  }, 120_000);

  it('takes an edit the hub refused off the screen and says why', async () => {
    const demoted = await createAccount(hub, 'demoted');
    const invite = await owner.client.workbench.createInvite.mutate({
      projectId,
      role: 'editor',
      expiresInHours: 24,
    });
    await demoted.client.workbench.acceptInvite.mutate({ token: invite.token });
    const d = await signedIn(hub.url, demoted.cookie);
    await d.page.goto(`${hub.url}/workbench/${projectId}`);
    await editorOf(d.page).waitFor(WAIT);
    await d.page.getByRole('status').filter({ hasText: '已同步' }).waitFor(WAIT);
    // Made a viewer while the page still offers editing (the page learns its role when it loads).
    await owner.client.workbench.setRole.mutate({ projectId, userId: demoted.id, role: 'viewer' });
    await editorOf(d.page).click();
    await d.page.keyboard.press('Control+End');
    await d.page.keyboard.type('被拒绝的修改');
    await d.page
      .getByText('你在这个项目中只能查看或评论，修改没有被保存。已重新载入服务器上的版本。')
      .waitFor(WAIT);
    // The copy was reloaded from the hub: the refused words are gone, and it is in sync again.
    await expect.poll(() => editorOf(d.page).textContent(), WAIT).not.toContain('被拒绝的修改');
    await d.page.getByRole('status').filter({ hasText: '已同步' }).waitFor(WAIT);
    expect(d.errors).toEqual([]);
    await d.context.close();
  }, 120_000);

  it('links the project to a library topic', async () => {
    const o = await signedIn(hub.url, owner.cookie);
    await o.page.goto(`${hub.url}/workbench/${projectId}`);
    await o.page.getByRole('button', { name: '关联辩题库' }).click();
    await o.page.getByLabel('搜索辩题库（辩题、标签或赛事）').fill('道德');
    await o.page.getByRole('dialog').getByRole('button', { name: '选择' }).first().click();
    await o.page.getByText(/已关联辩题「/).waitFor(WAIT);
    const link = o.page.getByRole('link', { name: '在辩题库中查看' });
    await link.waitFor(WAIT);
    expect(await link.getAttribute('href')).toMatch(/^\/topic\/[\w-]+$/);
    await o.context.close();
  }, 60_000);

  it('tells in Chinese when the plan allows no more projects', async () => {
    const account = await createAccount(hub, 'plan');
    for (const name of ['一', '二', '三'])
      await account.client.workbench.create.mutate({ kind: 'workbench', name });
    const p = await signedIn(hub.url, account.cookie);
    await p.page.goto(`${hub.url}/workbench`);
    await p.page.getByLabel('项目名称').fill('第四个');
    await p.page.getByRole('button', { name: '新建项目' }).click();
    await p.page
      .getByText(
        '当前方案（试用版）的「备赛工作台项目」上限为 3 个；需要教育版才能创建更多工作台项目。详见 /pricing',
      )
      .waitFor(WAIT);
    await p.context.close();
  }, 60_000);

  // Runs always (it is the only browser test of the cards, Q&A and members screens); with
  // SCREENSHOTS it also saves them at projector and phone sizes, light and dark.
  it('shows the list, document, cards, Q&A and members (screenshots at projector and phone sizes)', async () => {
    const viewports = SHOTS
      ? [
          { name: '1920', viewport: { width: 1920, height: 1080 } },
          { name: '390', viewport: { width: 390, height: 844 } },
        ]
      : [{ name: '1280', viewport: { width: 1280, height: 900 } }];
    for (const { name, viewport } of viewports) {
      for (const colorScheme of SHOTS ? (['light', 'dark'] as const) : (['light'] as const)) {
        const { page, context } = await signedIn(hub.url, owner.cookie, { viewport, colorScheme });
        await page.goto(`${hub.url}/workbench`);
        await page.getByRole('link', { name: /校赛初赛/ }).waitFor(WAIT);
        await shoot(page, `workbench-index-${name}-${colorScheme}`);
        await page.goto(`${hub.url}/workbench/${projectId}`);
        await editorOf(page).waitFor(WAIT);
        await page.getByRole('status').filter({ hasText: '已同步' }).waitFor(WAIT);
        await shoot(page, `workbench-doc-${name}-${colorScheme}`);
        await page.getByRole('button', { name: '资料卡' }).click();
        if ((await page.locator('.wb-card').count()) === 0) {
          await page.getByRole('button', { name: '添加资料卡' }).click();
          await page.getByLabel('来源').first().fill('《人工智能发展报告 2025》');
          await page.getByLabel('原文摘录').first().fill('人工智能使制造业生产效率平均提高 20% 以上。');
          await page.getByLabel('标签（用逗号分隔）').first().fill('效率, 经济');
        }
        await page.locator('.wb-card').first().waitFor(WAIT);
        await shoot(page, `workbench-cards-${name}-${colorScheme}`);
        await page.getByRole('button', { name: '攻防问答' }).click();
        await shoot(page, `workbench-qa-${name}-${colorScheme}`);
        await page.getByRole('button', { name: '成员与邀请' }).click();
        await page.getByRole('dialog').waitFor(WAIT);
        // The owner's trial allows five people on a project; the places are counted for them.
        await page
          .getByTestId('wb-members-seats')
          .filter({ hasText: /共 \d+ \/ 5 人（含所有者）/ })
          .waitFor(WAIT);
        await shoot(page, `workbench-members-${name}-${colorScheme}`);
        await context.close();
      }
    }
  }, 300_000);
});

describe('offline editing', () => {
  let dir: string;
  let processHub: HubProcess;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bianshi-offline-'));
    processHub = await spawnHub({ DATA_DIR: dir });
  }, 120_000);

  afterAll(async () => {
    await processHub?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps editing while the hub is down and merges both sides when it returns', async () => {
    const account = await signUpOver(processHub.url, 'offline');
    const { projectId } = await account.client.workbench.create.mutate({
      kind: 'workbench',
      name: '离线测试',
    });
    const detail = await account.client.workbench.get.query({ projectId });
    const documentId = detail.documents.find((d) => d.kind === 'text')!.id;
    const { page, context } = await signedIn(processHub.url, account.cookie);
    await page.goto(`${processHub.url}/workbench/${projectId}`);
    await editorOf(page).waitFor(WAIT);
    await page.getByRole('status').filter({ hasText: '已同步' }).waitFor(WAIT);
    await editorOf(page).click();
    await page.keyboard.type('在线写的。');

    // Wait until the hub has it (a second client sees it), then take the hub down.
    const witness = openDoc(processHub.url, documentId, { cookie: account.cookie });
    await untilTrue(() => witness.doc.getXmlFragment('default').toString().includes('在线写的。'), 30_000);
    witness.close();
    const port = Number(new URL(processHub.url).port);
    await processHub.kill('SIGKILL');
    await page.getByRole('status').filter({ hasText: '离线编辑中' }).waitFor(WAIT);
    await page.keyboard.type('离线写的。');

    // The hub returns; meanwhile someone else edits on it too.
    processHub = await spawnHub({ DATA_DIR: dir }, port);
    const other = openDoc(processHub.url, documentId, { cookie: account.cookie });
    await other.synced();
    const fragment = other.doc.getXmlFragment('default');
    other.doc.transact(() => {
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.insert(0, [new Y.XmlText('另一人写的。')]);
      fragment.push([paragraph]);
    });

    await page.getByText('另一人写的。').waitFor(WAIT);
    await untilTrue(() => other.doc.getXmlFragment('default').toString().includes('离线写的。'), 30_000);
    const text = await editorOf(page).textContent();
    expect(text).toContain('在线写的。离线写的。');
    expect(text).toContain('另一人写的。');
    other.close();
    await context.close();
  }, 240_000);
});
