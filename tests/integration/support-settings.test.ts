/**
 * The support contact as a setting (SUPPORT_URL, SUPPORT_EMAIL) and the payment methods an
 * install really offers: what `system.info` and `commerce.providers` tell the browser, which
 * orders the hub takes, where the AI assistant sends questions the docs do not answer, and the
 * one start-up line that tells the operator (not the buyers) what is missing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AskEvent } from '@bianshi/shared';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startHub as startHubProcess } from '../../hub/src/app';
import { ConfigError, loadConfig } from '../../hub/src/lib/config';
import type { Logger } from '../../hub/src/lib/logger';
import {
  pieces,
  startOpenAiStandin,
  STANDIN_API_KEY,
  STANDIN_MODEL,
  type OpenAiStandin,
} from '../fixtures/openai-standin';
import { createAccount, outcome, socketClient } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';

const BANK = {
  BANK_ACCOUNT_NAME: '辩时科技有限公司',
  BANK_NAME: '招商银行福州分行',
  BANK_ACCOUNT_NO: '591900000010101',
};
const SUPPORT = { SUPPORT_URL: 'https://support.example.com/bianshi', SUPPORT_EMAIL: 'help@example.com' };
const BUYER = { name: '王老师', organization: '', phone: '0591-12345678', email: 'coach@example.edu.cn' };

/** A logger that keeps what it was told. */
function recordingLogger(): Logger & { lines: { level: string; message: string }[] } {
  const lines: { level: string; message: string }[] = [];
  const keep = (level: string) => (message: string) => void lines.push({ level, message });
  return { lines, debug: keep('debug'), info: keep('info'), warn: keep('warn'), error: keep('error') };
}

/** Starts an in-process hub with a recording logger; returns it and what it logged. */
async function hubWithLog(env: Record<string, string>) {
  const logger = recordingLogger();
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', ...env });
  const hub = await startHubProcess({ config, logger, database: { kind: 'pglite-memory' } });
  return { hub, logger };
}

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

describe('support contact and payment methods', () => {
  it('rejects a support address that is not http(s) or an email, naming the variable', () => {
    expect(() => loadConfig({ SUPPORT_URL: 'javascript:alert(1)' })).toThrow(/SUPPORT_URL/);
    expect(() => loadConfig({ SUPPORT_URL: 'ftp://support.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not an address' })).toThrow(/SUPPORT_EMAIL/);
    expect(loadConfig(SUPPORT)).toMatchObject(SUPPORT);
  });

  it('with neither contact nor bank details: says so once at start, offers no bank transfer and takes no such order', async () => {
    const { hub, logger } = await hubWithLog({});
    open.push(hub);
    const warnings = logger.lines.filter(
      (line) => line.level === 'warn' && line.message.includes('SUPPORT_URL'),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(/No support contact configured.*bank transfer.*not offered/);

    const buyer = await createAccount(hub as TestHub, 'nobank');
    expect((await buyer.client.system.info.query()).support).toBeNull();
    expect(await buyer.client.commerce.providers.query()).toEqual([]);
    const refused = await outcome(
      buyer.client.commerce.createOrder.mutate({
        plan: 'education',
        months: 12,
        seats: 1,
        provider: 'manual',
        buyer: BUYER,
      }),
    );
    expect(refused).toMatchObject({
      ok: false,
      reason: 'provider-off',
      message: '该支付方式未开通，请选择购买页列出的付款方式',
    });
  });

  it('with a contact but no bank details: bank transfer on request, the contact in system.info, no warning', async () => {
    const { hub, logger } = await hubWithLog(SUPPORT);
    open.push(hub);
    expect(
      logger.lines.filter((line) => line.level === 'warn' && line.message.includes('SUPPORT_URL')),
    ).toEqual([]);
    expect(
      logger.lines.some((line) => line.level === 'info' && /BANK_ACCOUNT_NAME.*support/.test(line.message)),
    ).toBe(true);

    const buyer = await createAccount(hub as TestHub, 'onrequest');
    expect((await buyer.client.system.info.query()).support).toEqual({
      url: SUPPORT.SUPPORT_URL,
      email: SUPPORT.SUPPORT_EMAIL,
    });
    expect(await buyer.client.commerce.providers.query()).toEqual([
      { id: 'manual', accountPublished: false },
    ]);
    const { order, checkout } = await buyer.client.commerce.createOrder.mutate({
      plan: 'education',
      months: 12,
      seats: 1,
      provider: 'manual',
      buyer: BUYER,
    });
    expect(checkout).toEqual({
      kind: 'transfer',
      accountName: '',
      bankName: '',
      accountNo: '',
      reference: order.number,
    });
  });

  it('with bank details but no contact: the account is published; the start-up line names the missing contact only', async () => {
    const { hub, logger } = await hubWithLog(BANK);
    open.push(hub);
    const warning = logger.lines.find(
      (line) => line.level === 'warn' && line.message.includes('SUPPORT_URL'),
    );
    expect(warning?.message).not.toContain('bank transfer');
    const buyer = await createAccount(hub as TestHub, 'bank');
    expect((await buyer.client.system.info.query()).support).toBeNull();
    expect(await buyer.client.commerce.providers.query()).toEqual([{ id: 'manual', accountPublished: true }]);
    const { checkout } = await buyer.client.commerce.createOrder.mutate({
      plan: 'education',
      months: 12,
      seats: 1,
      provider: 'manual',
      buyer: BUYER,
    });
    expect(checkout).toMatchObject({ kind: 'transfer', accountNo: BANK.BANK_ACCOUNT_NO });
  });

  it('an email alone is a contact', async () => {
    const hub = await startHub({ env: { SUPPORT_EMAIL: 'help@example.com' } });
    open.push(hub);
    const buyer = await createAccount(hub, 'mailonly');
    expect((await buyer.client.system.info.query()).support).toEqual({
      url: null,
      email: 'help@example.com',
    });
  });
});

describe('the AI assistant sends what the docs do not answer to the configured contact', () => {
  let standin: OpenAiStandin;
  let dist: string;

  afterAll(async () => {
    await standin?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  /** A client dist holding one docs section (what retrieval reads). */
  function docsDist(): string {
    const dir = mkdtempSync(join(tmpdir(), 'bianshi-support-'));
    mkdirSync(join(dir, '_content'));
    const section = {
      id: '/docs/formats/formats#铃声',
      path: '/docs/formats/formats',
      anchor: '铃声',
      pageTitle: '赛制',
      heading: '铃声',
      trail: ['赛制'],
      text: '每个环节可以设置铃声：剩余 30 秒响一声。',
    };
    writeFileSync(join(dir, '_content', 'search.json'), JSON.stringify([section]));
    return dir;
  }

  /** Asks one covered question and returns the instructions the provider was given. */
  async function instructions(env: Record<string, string>): Promise<string> {
    standin ??= await startOpenAiStandin();
    dist ??= docsDist();
    const hub = await startHub({
      env: {
        CLIENT_DIST: dist,
        AI_BASE_URL: standin.baseUrl,
        AI_API_KEY: STANDIN_API_KEY,
        AI_MODEL: STANDIN_MODEL,
        ...env,
      },
    });
    open.push(hub);
    const ws = socketClient(hub);
    open.push({ close: async () => ws.close() });
    standin.script({ kind: 'text', pieces: pieces('在赛制编辑器里设置 [1]。') });
    const before = standin.requests.length;
    await new Promise<void>((resolve, reject) => {
      ws.client.ai.ask.subscribe(
        { question: '铃声怎么设置？' },
        {
          onData: (event: AskEvent) => event.type === 'done' && resolve(),
          onError: reject,
          onComplete: resolve,
        },
      );
    });
    return standin.requests[before]!.body.messages[0]!.content;
  }

  it('names SUPPORT_URL and SUPPORT_EMAIL when they are set', async () => {
    const prompt = await instructions(SUPPORT);
    expect(prompt).toContain('https://support.example.com/bianshi');
    expect(prompt).toContain('help@example.com');
  });

  it('without a contact tells the model not to send users to one', async () => {
    const prompt = await instructions({});
    expect(prompt).toContain('不要让用户联系客服');
    expect(prompt).not.toContain('example.com');
  });
});
