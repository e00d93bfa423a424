/**
 * The AI area in a real Chromium. With the stand-in provider: ask the assistant a question the
 * docs answer, see the streamed answer and its citation, follow the citation to the docs
 * section. Without a provider: the deterministic answer (highlighted passages) and the outline
 * template of /ai/ccf, edited and sent to a workbench document that opens in the editor.
 * SCREENSHOTS=<dir> also saves both pages at phone and projector sizes, light and dark.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBuiltinFormat } from '@bianshi/shared';
import {
  pieces,
  startOpenAiStandin,
  STANDIN_API_KEY,
  STANDIN_MODEL,
  type OpenAiStandin,
} from '../fixtures/openai-standin';
import { textPdf } from '../fixtures/text-pdf';
import { createAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { launchBrowser, openPage } from './support/browser';

const SHOTS = process.env.SCREENSHOTS;
const WAIT = { timeout: 20_000 };
const ANSWER = '在赛制编辑器里给每个环节设置铃声：剩余 30 秒响一声、时间到响两声 [1]。';

let standin: OpenAiStandin;
let withProvider: TestHub;
let deterministic: TestHub;
let browser: Browser;

beforeAll(async () => {
  standin = await startOpenAiStandin();
  standin.fallback({ kind: 'text', pieces: pieces(ANSWER, 4), delayMs: 20 });
  [withProvider, deterministic, browser] = await Promise.all([
    startHub({
      env: {
        AI_BASE_URL: standin.baseUrl,
        AI_API_KEY: STANDIN_API_KEY,
        AI_MODEL: STANDIN_MODEL,
        AI_REQUESTS_PER_MINUTE: '100',
      },
    }),
    startHub({ env: { AI_REQUESTS_PER_MINUTE: '100' } }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await withProvider?.close();
  await deterministic?.close();
  await standin?.close();
});

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

describe('/ai/contact', () => {
  it('answers from the docs with a citation that opens the section', async () => {
    const { page, errors } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${withProvider.url}/ai/contact`);
    await page.getByTestId('ai-mode').filter({ hasText: 'AI 模式' }).waitFor(WAIT);
    await page.getByRole('textbox', { name: '你的问题' }).fill('怎么设置铃声？');
    await page.getByRole('button', { name: '提问' }).click();
    const answer = page.getByTestId('ai-answer').last();
    await page.locator('[data-testid="ai-answer"][data-state="done"]').waitFor(WAIT);
    expect(await answer.locator('.ai-turn__text').innerText()).toBe(ANSWER);
    // The provider saw the docs section the answer cites.
    expect(standin.requests.at(-1)!.body.messages[0]!.content).toContain('铃声');

    // The conversation is kept in the browser.
    await page.reload();
    await page.getByTestId('ai-turn').first().waitFor(WAIT);
    expect(await page.getByTestId('ai-answer').last().locator('.ai-turn__text').innerText()).toBe(ANSWER);
    await page.getByRole('button', { name: '有帮助' }).click();
    await page.getByText('感谢反馈').waitFor(WAIT);
    await page.getByTestId('ai-support').waitFor(WAIT);

    const citation = page.getByTestId('ai-answer').last().locator('.ai-cite').first();
    const href = await citation.getAttribute('href');
    expect(decodeURIComponent(href ?? '')).toMatch(/^\/docs\/.+#.*铃声/);
    await citation.click();
    await page.waitForURL((url) => url.pathname.startsWith('/docs/'), WAIT);
    const anchor = decodeURIComponent(new URL(page.url()).hash.slice(1));
    await page.locator(`[id="${anchor}"]`).waitFor(WAIT);
    expect(await page.locator(`[id="${anchor}"]`).innerText()).toContain('铃声');
    expect(errors).toEqual([]);
  });

  it('says so without a provider, and shows the best sections with the words marked', async () => {
    const { page, errors } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(`${deterministic.url}/ai/contact`);
    await page.getByTestId('ai-mode').filter({ hasText: '基础模式' }).waitFor(WAIT);
    await page.getByRole('textbox', { name: '你的问题' }).fill('大屏怎么投影');
    await page.getByRole('button', { name: '提问' }).click();
    const answer = page.locator('[data-testid="ai-answer"][data-state="done"]');
    await answer.waitFor(WAIT);
    await answer.locator('.ai-source__passage mark').first().waitFor(WAIT);
    expect(await answer.getByTestId('ai-citation').count()).toBeGreaterThan(0);
    await page.getByRole('textbox', { name: '你的问题' }).fill('红烧肉怎么做');
    await page.getByRole('button', { name: '提问' }).click();
    await page.getByText('文档中没有找到这个问题的说明。').waitFor(WAIT);
    await page.getByTestId('ai-support').waitFor(WAIT);
    expect(errors).toEqual([]);
  });
});

describe('/ai/ccf', () => {
  it('makes an outline template from a library topic, takes an edit and sends it to a workbench document', async () => {
    const account = await createAccount(deterministic, 'ccf');
    const { context, page, errors } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    const [name = '', value = ''] = account.cookie.split('=');
    await context.addCookies([{ name, value, url: deterministic.url, httpOnly: true, sameSite: 'Lax' }]);
    const [topic] = (await deterministic.services.library.topics.all()).filter((row) => row.tags.length > 0);
    await page.goto(`${deterministic.url}/ai/ccf`);
    await page.getByRole('textbox', { name: '辩题' }).fill(topic!.text.slice(0, 6));
    await page.locator('.ai-topic').filter({ hasText: topic!.text }).first().click();
    await page.getByTestId('ai-picked-topic').waitFor(WAIT);
    await page.getByText('反方', { exact: true }).click();
    await page.getByRole('button', { name: '生成框架' }).click();
    await page.getByTestId('ai-outline').waitFor(WAIT);
    await page.getByText('这是模板').waitFor(WAIT);
    // Seeded from the topic's tags.
    expect(await page.getByLabel('定义第 2 条', { exact: true }).inputValue()).toContain(topic!.tags[0]!);
    await page.getByLabel('论点 1', { exact: true }).fill('反方论点一：成本过高');
    await page.getByLabel('新项目名称').fill('AI 立论测试');
    await page.getByRole('button', { name: '发送到工作台' }).click();
    await page.getByTestId('ai-open-doc').click();
    await page.waitForURL(/\/workbench\/[^/?]+\?doc=/, WAIT);
    const editor = page.locator('.wb-prose');
    await editor.filter({ hasText: '反方论点一：成本过高' }).waitFor(WAIT);
    const text = await editor.innerText();
    expect(text).toContain(`反方：${topic!.text}`);
    expect(text).toMatch(/定义[\s\S]*判准[\s\S]*论点[\s\S]*可能的交锋[\s\S]*质询问题/);
    expect(await page.locator('.wb-docs__item[aria-current="page"]').innerText()).toContain('反方立论框架');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('/create with a rules file and the provider', () => {
  it('reads a PDF into the text, and takes the checked format the provider proposes for the lines the parser could not read', async () => {
    const { page, errors } = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    await page.goto(`${withProvider.url}/create`);
    await page.getByRole('tab', { name: '粘贴规则文字' }).click();
    const pdf = textPdf([
      'Lincoln-Douglas rules',
      'Affirmative Constructive 6 minutes',
      'Cross-examination by the Negative 3 minutes',
      'Judges: 3 per room, decision by ballot',
      'Negative Constructive 7 minutes',
    ]);
    await page
      .locator('.rules-file input[type="file"]')
      .setInputFiles({ name: 'rules.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByText('已读取「rules.pdf」').waitFor(WAIT);
    const text = await page.getByRole('textbox', { name: '规则文字' }).inputValue();
    expect(text.split('\n')).toEqual(
      expect.arrayContaining([
        'Affirmative Constructive 6 minutes',
        'Judges: 3 per room, decision by ballot',
      ]),
    );
    await page.getByRole('button', { name: '识别规则' }).click();
    await page.getByText('1 行未能识别').waitFor(WAIT);

    const format = getBuiltinFormat('lincoln-douglas')!;
    standin.script(
      { kind: 'text', pieces: ['{"stages": "not yet"}'] },
      { kind: 'text', pieces: pieces(JSON.stringify(format), 80) },
    );
    await page.getByRole('button', { name: '用 AI 补全无法识别的行' }).click();
    await page.getByText('AI 已补全赛制（第 2 次通过校验）').waitFor(WAIT);
    const names = await page
      .locator('.rules-stage__name')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(names).toEqual(format.stages.map((stage) => stage.name));
    // The retry carried the schema errors of the first reply.
    expect(standin.requests.at(-1)!.body.messages.at(-1)!.content).toContain('没有通过校验');
    expect(errors).toEqual([]);
  });
});

describe.runIf(SHOTS)('screenshots', () => {
  it('saves /ai/contact and /ai/ccf at phone and projector sizes, light and dark', async () => {
    const account = await createAccount(withProvider, 'shots');
    for (const [label, viewport] of [
      ['projector', { width: 1920, height: 1080 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { context, page } = await openPage(browser, { viewport, colorScheme });
        const [name = '', value = ''] = account.cookie.split('=');
        await context.addCookies([{ name, value, url: withProvider.url, httpOnly: true, sameSite: 'Lax' }]);
        await page.goto(`${withProvider.url}/ai/contact`);
        await page.getByRole('textbox', { name: '你的问题' }).fill('怎么设置铃声？');
        await page.getByRole('button', { name: '提问' }).click();
        await page.locator('[data-testid="ai-answer"][data-state="done"]').waitFor(WAIT);
        await shoot(page, `ai-contact-${label}-${colorScheme}`);
        await page.goto(`${deterministic.url}/ai/ccf`);
        await page.getByRole('textbox', { name: '辩题' }).fill('人工智能的发展利大于弊');
        await page.getByRole('button', { name: '生成框架' }).click();
        await page.getByTestId('ai-outline').waitFor(WAIT);
        await shoot(page, `ai-ccf-${label}-${colorScheme}`);
        await context.close();
      }
    }
  });
});
