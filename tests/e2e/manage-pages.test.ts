/**
 * The management pages in a real Chromium: uploads accepted and refused through the UI (logo,
 * bell sound), the format editor round-trips a format (export → import → equal → save for the
 * next match), and single-device offline mode keeps counting with the network cut.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_PIXEL_PNG, silentWav, utf8 } from '../../hub/src/uploads/test-media.fixture';
import { startHub, type TestHub } from '../support/hub';
import { httpClient } from '../support/trpc';
import { confirmDialog, downloadedBytes, launchBrowser, openPage } from './support/browser';
import { until } from '../support/until';

let hub: TestHub;
let browser: Browser;
let dataDir: string;
const WAIT = { timeout: 20_000 };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bianshi-e2e-manage-'));
  [hub, browser] = await Promise.all([startHub({ env: { DATA_DIR: dataDir } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await hub?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A timer and a page that controls it (the control link was opened). */
async function controlledPage(formatId = 'cn-worldcup') {
  const created = await httpClient(hub.url).timer.create.mutate({ formatId, name: '管理页测试' });
  const opened = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  await opened.page.goto(`${hub.url}/timer/manage/${created.shortid}#key=${created.controlKey}`);
  await opened.page.getByTestId('console').waitFor(WAIT);
  return { ...opened, created };
}

async function downloadText(page: Page, click: () => Promise<void>): Promise<{ text: string; name: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { text: (await downloadedBytes(download)).toString('utf8'), name: download.suggestedFilename() };
}

describe('management pages', () => {
  it('uploads a logo, shows it, refuses a fake image, and removes it', async () => {
    const { context, page, created, errors } = await controlledPage();
    await page.goto(`${hub.url}/timer/manage/${created.shortid}/logo`);
    const input = page.getByTestId('logo-input');
    await input.setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(ONE_PIXEL_PNG),
    });
    await page.getByTestId('logo-preview').locator('img').waitFor(WAIT);
    const src = await page.getByTestId('logo-preview').locator('img').getAttribute('src');
    expect(src).toMatch(new RegExp(`^/uploads/${created.id}/[\\w-]+\\.png$`));
    const owner = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
    expect((await owner.manage.get.query({ timerId: created.id })).timer.settings.logoUrl).toBe(src);

    // A "PNG" that is really text is refused by the hub, in Chinese; the logo stays.
    await input.setInputFiles({
      name: 'evil.png',
      mimeType: 'image/png',
      buffer: Buffer.from(utf8('<script>alert(1)</script>')),
    });
    expect(await page.getByTestId('upload-error').innerText()).toMatch(/不符/);
    expect(await page.getByTestId('logo-preview').locator('img').getAttribute('src')).toBe(src);
    // An SVG logo is accepted and sanitized.
    await input.setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        utf8('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="3"/></svg>'),
      ),
    });
    await until(
      () => page.getByTestId('logo-preview').locator('img').getAttribute('src'),
      (value) => value?.endsWith('.svg') ?? false,
    );

    await page.getByRole('button', { name: '移除' }).click();
    await page.getByTestId('logo-preview').getByText('尚未上传标志').waitFor(WAIT);
    expect((await owner.manage.get.query({ timerId: created.id })).timer.settings.logoUrl).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uploads a bell sound and refuses one longer than 10 s', async () => {
    const { context, page, created } = await controlledPage();
    await page.goto(`${hub.url}/timer/manage/${created.shortid}/audio`);
    const input = page.getByTestId('sound-input');
    await input.setInputFiles({
      name: '铜铃.wav',
      mimeType: 'audio/wav',
      buffer: Buffer.from(silentWav(1_500)),
    });
    await page.getByTestId('sound-library').getByText('铜铃').waitFor(WAIT);
    expect(await page.getByTestId('sound-library').innerText()).toContain('1.5 秒');
    await input.setInputFiles({
      name: 'long.wav',
      mimeType: 'audio/wav',
      buffer: Buffer.from(silentWav(12_000)),
    });
    expect(await page.getByTestId('upload-error').innerText({ timeout: 20_000 })).toMatch(/音频过长/);
    // Map the uploaded sound to the "bell" bell and save.
    await page.getByLabel('bell').selectOption({ label: '铜铃' });
    await page.getByRole('button', { name: '保存' }).click();
    const owner = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
    await until(
      async () =>
        (
          (await owner.manage.get.query({ timerId: created.id })).timer.settings.audio as
            { sounds?: Record<string, string> } | undefined
        )?.sounds?.bell ?? '',
      (url) => url.endsWith('.wav'),
    );
    await context.close();
  });

  it('round-trips a format through export and import, then saves it for the next match', async () => {
    const { context, page, created } = await controlledPage('cn-worldcup');
    await page.goto(`${hub.url}/timer/manage/${created.shortid}/timing`);
    await page.getByTestId('format-name').waitFor(WAIT);
    // Load another library format, edit it a little.
    await page.getByLabel('从赛制库开始').selectOption({ label: '英国议会制 BP' });
    await page.getByRole('button', { name: '载入' }).click();
    await page.getByTestId('format-name').fill('校内 BP');
    const speech = page.getByTestId('stage-editor').nth(1);
    await speech.getByLabel('时长').first().fill('7:30');
    await speech.getByLabel('时长').first().press('Enter');
    const exported = await downloadText(page, () => page.getByTestId('format-export').click());
    const format = JSON.parse(exported.text) as { name: string; stages: { durationMs?: number }[] };
    expect(format.name).toBe('校内 BP');
    expect(format.stages[1]?.durationMs).toBe(450_000);

    // Import into a fresh page: the editor shows the same format, exporting it again gives the same file.
    await page.reload();
    await page.getByTestId('format-name').waitFor(WAIT);
    expect(await page.getByTestId('format-name').inputValue()).toBe('华语辩论世界杯赛制');
    await page
      .getByTestId('format-import')
      .setInputFiles({ name: 'bp.json', mimeType: 'application/json', buffer: Buffer.from(exported.text) });
    await until(
      () => page.getByTestId('format-name').inputValue(),
      (value) => value === '校内 BP',
    );
    const again = await downloadText(page, () => page.getByTestId('format-export').click());
    expect(JSON.parse(again.text)).toEqual(JSON.parse(exported.text));

    // A broken file is refused with precise Chinese paths, and nothing changes.
    const broken = JSON.stringify({
      ...format,
      stages: [{ kind: 'single', name: '', side: 'left', durationMs: -5 }],
    });
    await page
      .getByTestId('format-import')
      .setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(broken) });
    const issues = await page.getByTestId('format-issues').innerText();
    expect(issues).toMatch(/stages\[0\]|第 1/);
    expect(await page.getByTestId('format-name').inputValue()).toBe('校内 BP');

    // Saving reaches the current match too: it has not begun.
    await page.getByTestId('format-save').click();
    await page.getByText('已保存：当前比赛尚未开始，已改用新赛制').waitFor(WAIT);
    const owner = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
    const managed = await owner.manage.get.query({ timerId: created.id });
    expect(managed.timer.format.name).toBe('校内 BP');
    expect((await owner.timer.get.query({ id: created.id })).state.format.name).toBe('校内 BP');
    await context.close();
  });

  it('keeps counting in single-device offline mode with the network cut', async () => {
    const { context, page, created } = await controlledPage('bp');
    await page.goto(`${hub.url}/timer/manage/${created.shortid}/offline`);
    await page.getByTestId('offline-start').click();
    const timer = page.getByTestId('offline-timer');
    await timer.getByRole('timer').first().waitFor(WAIT);
    const initial = await timer.getByRole('timer').first().innerText();
    expect(initial).toMatch(/^\d\d:\d\d$/);
    await timer.getByRole('button', { name: '开始', exact: true }).click();
    await context.setOffline(true);
    const first = await until(
      () => timer.getByRole('timer').first().innerText(),
      (text) => text !== initial,
    );
    const toSeconds = (text: string) => Number(text.split(':')[0]) * 60 + Number(text.split(':')[1]);
    // Offline, it counts on: two more seconds go by on the page.
    const later = await until(
      () => timer.getByRole('timer').first().innerText(),
      (text) => toSeconds(first) - toSeconds(text) >= 2,
      20_000,
    );
    expect(toSeconds(first) - toSeconds(later)).toBeGreaterThanOrEqual(2);
    // Next stage works offline too.
    await timer.getByRole('button', { name: '下一环节' }).click();
    await until(
      () => timer.getByTestId('display-stage').innerText(),
      (text) => text.length > 0 && text !== '',
    );
    await context.setOffline(false);
    // The hub's match was never touched.
    const owner = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
    expect((await owner.timer.get.query({ id: created.id })).state.version).toBe(0);
    await context.close();
  });

  it('reloads the display and the console with no network, each from its own cached page', async () => {
    const { context, page, created } = await controlledPage();
    // The console installs the service worker; wait until it controls the page.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, WAIT);
    const display = await context.newPage();
    await display.goto(`${hub.url}/timer/${created.id}`);
    await display.getByTestId('display-stage').waitFor(WAIT);
    const entryOf = (target: Page) =>
      // The name before the 8-character hash, which may itself hold '-' (index-v-4Gfquy.js).
      target.evaluate(() =>
        document
          .querySelector<HTMLScriptElement>('script[type="module"]')
          ?.src.replace(/^.*\/assets\/(.+)-[\w-]{8}\.js$/, '$1'),
      );
    expect(await entryOf(display)).toBe('display');
    await context.setOffline(true);
    await display.reload();
    expect(await entryOf(display)).toBe('display');
    // The display's own page starts with no network and says it is not connected.
    await display.locator('.ds[data-status]').waitFor(WAIT);
    expect(await display.locator('.ds').getAttribute('data-status')).not.toBe('online');
    await page.reload();
    expect(await entryOf(page)).toBe('index');
    await page.locator('#root > *').first().waitFor(WAIT);
    await context.setOffline(false);
    await context.close();
  });

  it('shows the links with QR codes and regenerates the control key after confirmation', async () => {
    const { context, page, created } = await controlledPage();
    await page.goto(`${hub.url}/timer/manage/${created.shortid}/info`);
    await page.getByRole('img', { name: '大屏链接二维码' }).waitFor(WAIT);
    expect(await page.getByTestId('api-snippet').innerText()).toContain(
      `/api/v1/timers/${created.id}/commands`,
    );
    await page.getByRole('button', { name: '重新生成控制密钥' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '重新生成控制密钥' }).click();
    await page.getByText('已生成新的控制密钥，旧链接已失效').waitFor(WAIT);
    const old = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
    await expect(old.manage.get.query({ timerId: created.id })).rejects.toThrow();
    // The new control link is shown this once, from memory: nothing of it is stored in the browser.
    await page.getByRole('button', { name: '显示控制链接' }).click();
    const controlLink = await page.locator('.manage-link[data-secret="true"] code').innerText();
    expect(controlLink).toMatch(new RegExp(`/timer/manage/${created.shortid}#key=[A-Za-z0-9_-]{40,}$`));
    expect(await page.evaluate(() => JSON.stringify(window.localStorage))).not.toContain(
      controlLink.split('#key=')[1]!,
    );
    await page.reload();
    await page.getByText('控制链接只在创建计时器或重新生成密钥时显示一次', { exact: false }).waitFor(WAIT);
    // This browser kept control with the new key.
    await page.goto(`${hub.url}/timer/manage/${created.shortid}`);
    await page.getByTestId('console').waitFor(WAIT);
    await context.close();
  });

  it('makes a timer private: the display needs the view key its link carries', async () => {
    const { context, page, created } = await controlledPage();
    await page.goto(`${hub.url}/timer/manage/${created.shortid}/info`);
    await page.getByRole('button', { name: '设为私有' }).click();
    await confirmDialog(page);
    await page.getByText('当前为私有计时器', { exact: false }).waitFor(WAIT);
    const displayLink = await page.locator('.manage-link code').first().innerText();
    expect(displayLink).toMatch(new RegExp(`/timer/${created.id}#view=[A-Za-z0-9_-]{22}$`));
    // Another browser (no control cookie): the bare display link is refused, the one with the key works.
    const projector = await openPage(browser, { viewport: { width: 1280, height: 720 } });
    await projector.page.goto(`${hub.url}/timer/${created.id}`);
    await projector.page.getByText('这个计时器是私有的', { exact: false }).waitFor(WAIT);
    await projector.page.goto(displayLink);
    await projector.page.getByTestId('display-stage').waitFor(WAIT);
    await projector.context.close();
    await context.close();
  });
});
