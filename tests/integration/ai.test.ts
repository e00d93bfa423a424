/**
 * The AI area against the stand-in provider (tests/fixtures/openai-standin.ts), through the real
 * `openai` client library and a real tRPC WebSocket: the assistant's retrieval and streaming,
 * cancel reaching the provider, JSON answers checked and retried with the schema errors, each
 * failure's Chinese error, quotas per plan and per address, and the deterministic mode.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getBuiltinFormat, type AskEvent } from '@bianshi/shared';
import type { SearchSection } from '@bianshi/shared/content/index';
import type { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiUsage } from '../../hub/src/ai/ai.schema';
import { documentLines } from '../../hub/src/yjs/version-text';
import {
  pieces,
  startOpenAiStandin,
  STANDIN_API_KEY,
  STANDIN_MODEL,
  type OpenAiStandin,
} from '../fixtures/openai-standin';
import { createAccount, outcome, socketClient } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { until } from '../support/until';

const SECTIONS: SearchSection[] = [
  {
    id: '/docs/formats/formats#铃声',
    path: '/docs/formats/formats',
    anchor: '铃声',
    pageTitle: '赛制与自定义赛制',
    heading: '铃声',
    trail: ['赛制与自定义赛制'],
    text: '每个环节可以设置铃声：剩余 30 秒响一声，时间到响两声。铃声的次数和时刻在赛制编辑器里修改。',
  },
  {
    id: '/docs/match-day/offline#断线时会发生什么',
    path: '/docs/match-day/offline',
    anchor: '断线时会发生什么',
    pageTitle: '离线模式',
    heading: '断线时会发生什么',
    trail: ['离线模式'],
    text: '网络断开时大屏继续按本地时钟计时，恢复连接后自动校准。',
  },
];

/** A client dist with only the docs search sections (what retrieval reads). */
function docsDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bianshi-ai-'));
  mkdirSync(join(dir, '_content'));
  writeFileSync(join(dir, '_content', 'search.json'), JSON.stringify(SECTIONS));
  return dir;
}

type Events<T> = { events: T[]; error: TRPCClientError<never> | null };

/** Runs a subscription until it completes or fails, collecting its events. */
function collect<T>(
  subscribe: (handlers: { onData(value: T): void; onError(error: unknown): void; onComplete(): void }) => {
    unsubscribe(): void;
  },
  timeoutMs = 20_000,
): Promise<Events<T>> {
  return new Promise((resolve, reject) => {
    const events: T[] = [];
    const timer = setTimeout(
      () => reject(new Error(`no end after ${timeoutMs} ms: ${JSON.stringify(events)}`)),
      timeoutMs,
    );
    subscribe({
      onData: (value) => {
        events.push(value);
        if ((value as { type?: string }).type === 'done') {
          clearTimeout(timer);
          resolve({ events, error: null });
        }
      },
      onError: (error) => {
        clearTimeout(timer);
        resolve({ events, error: error as TRPCClientError<never> });
      },
      onComplete: () => {
        clearTimeout(timer);
        resolve({ events, error: null });
      },
    });
  });
}

const reasonOf = (error: TRPCClientError<never> | null) =>
  (error?.data as { reason?: string } | undefined)?.reason;
const FORMAT_JSON = JSON.stringify(getBuiltinFormat('cn-worldcup'));

describe('AI area with a provider (stand-in)', () => {
  let standin: OpenAiStandin;
  let hub: TestHub;
  let dist: string;
  let ws: ReturnType<typeof socketClient>;

  beforeAll(async () => {
    standin = await startOpenAiStandin();
    dist = docsDist();
    hub = await startHub({
      env: {
        CLIENT_DIST: dist,
        AI_BASE_URL: standin.baseUrl,
        AI_API_KEY: STANDIN_API_KEY,
        AI_MODEL: STANDIN_MODEL,
        AI_TIMEOUT_S: '5',
        AI_REQUESTS_PER_MINUTE: '1000',
        AI_MAX_INPUT_CHARS: '2000',
      },
    });
    ws = socketClient(hub);
  });
  afterAll(async () => {
    ws.close();
    await hub.close();
    await standin.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('says it has a provider, with the visitor quota of the installation plan', async () => {
    const status = await ws.client.ai.status.query();
    expect(status).toMatchObject({ mode: 'provider', maxInputChars: 2000, quota: { limit: 20, used: 0 } });
  });

  it('streams an answer written from the docs sections it retrieved, citing them', async () => {
    const answer = '在赛制编辑器里设置每个环节的铃声：剩余 30 秒响一声 [1]。';
    standin.script({ kind: 'text', pieces: pieces(answer, 5), delayMs: 5 });
    const before = standin.requests.length;
    const { events, error } = await collect<AskEvent>((handlers) =>
      ws.client.ai.ask.subscribe({ question: '铃声怎么设置？' }, handlers),
    );
    expect(error).toBeNull();
    const [sources, ...rest] = events;
    expect(sources).toMatchObject({ type: 'sources', covered: true, mode: 'provider' });
    expect(sources?.type === 'sources' && sources.sources[0]!.href).toBe('/docs/formats/formats#铃声');
    const deltas = rest.filter((event) => event.type === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.map((event) => (event.type === 'delta' ? event.text : '')).join('')).toBe(answer);
    expect(events.at(-1)).toEqual({ type: 'done', mode: 'provider', covered: true });
    const request = standin.requests[before]!;
    expect(request.body).toMatchObject({ model: STANDIN_MODEL, stream: true });
    expect(request.body.messages[0]!.content).toContain('剩余 30 秒响一声');
    expect(request.body.messages.at(-1)).toEqual({ role: 'user', content: '铃声怎么设置？' });
  });

  it('does not ask the provider when the docs do not cover the question, and says so', async () => {
    const before = standin.requests.length;
    const { events, error } = await collect<AskEvent>((handlers) =>
      ws.client.ai.ask.subscribe({ question: '红烧肉怎么做' }, handlers),
    );
    expect(error).toBeNull();
    expect(events[0]).toMatchObject({ type: 'sources', covered: false });
    expect(events.at(-1)).toEqual({ type: 'done', mode: 'provider', covered: false });
    expect(standin.requests.length).toBe(before);
  });

  it('cancels: unsubscribing stops the provider request', async () => {
    standin.script({ kind: 'text', pieces: pieces('慢慢地回答'.repeat(40), 2), delayMs: 50 });
    const before = standin.requests.length;
    await new Promise<void>((resolve) => {
      const subscription = ws.client.ai.ask.subscribe(
        { question: '铃声怎么设置？' },
        {
          onData: (event) => {
            if (event.type === 'delta') {
              subscription.unsubscribe();
              resolve();
            }
          },
        },
      );
    });
    const request = await until(
      () => standin.requests[before],
      (found) => found !== undefined,
    );
    await until(() => request!.cancelled, Boolean, 5_000);
    expect(request!.finished).toBe(false);
  });

  it('retries a reply that is not a valid format once, with the schema errors, and returns only a checked format', async () => {
    const invalid = JSON.stringify({
      ...JSON.parse(FORMAT_JSON),
      stages: [{ kind: 'single', name: '', side: 'aff', durationMs: -5 }],
    });
    standin.script(
      { kind: 'text', pieces: ['好的，赛制如下：\n```json\n', ...pieces(invalid, 40), '\n```'] },
      { kind: 'text', pieces: pieces(FORMAT_JSON, 60) },
    );
    const before = standin.requests.length;
    const { events, error } = await collect<{
      type: string;
      errors?: string[];
      format?: unknown;
      attempts?: number;
    }>((handlers) =>
      ws.client.ai.rules.subscribe(
        { text: '正方一辩立论 3分钟\n这一行基础解析器读不懂：每队可以申请一次暂停' },
        handlers,
      ),
    );
    expect(error).toBeNull();
    const retry = events.find((event) => event.type === 'retry');
    expect(retry?.errors?.length).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ type: 'done', attempts: 2, format: { id: 'cn-worldcup' } });
    const second = standin.requests[before + 1]!;
    expect(second.body.messages.at(-2)!.role).toBe('assistant');
    expect(second.body.messages.at(-1)!.content).toContain('没有通过校验');
    expect(second.body.messages.at(-1)!.content).toContain(retry!.errors![0]!);
    // The first prompt named the line the parser could not read.
    expect(standin.requests[before]!.body.messages[1]!.content).toContain('每队可以申请一次暂停');
  });

  it('gives up after the retry when the reply is still not JSON, with a Chinese error', async () => {
    standin.script({ kind: 'text', pieces: ['我不会输出 JSON'] }, { kind: 'text', pieces: ['还是不会'] });
    const { error } = await collect((handlers) =>
      ws.client.ai.rules.subscribe({ text: '立论3分钟' }, handlers),
    );
    expect(reasonOf(error)).toBe('ai-invalid-reply');
    expect(error?.message).toMatch(/连续 2 次.*没有通过格式校验/);
  });

  it('writes a checked case outline, retried once on a bad shape', async () => {
    const outline = {
      definitions: ['延迟退休：提高法定退休年龄'],
      criteria: ['社会总福利'],
      arguments: [{ claim: '缓解养老金压力', points: ['抚养比上升'] }],
      clashes: ['个人选择权'],
      questions: ['您方是否承认抚养比在上升？'],
    };
    standin.script(
      { kind: 'text', pieces: [JSON.stringify({ arguments: [] })] },
      { kind: 'text', pieces: pieces(JSON.stringify(outline), 30) },
    );
    const { events, error } = await collect<{ type: string }>((handlers) =>
      ws.client.ai.outline.subscribe({ topic: '应当延迟退休', side: 'aff' }, handlers),
    );
    expect(error).toBeNull();
    expect(events.some((event) => event.type === 'retry')).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'done', mode: 'provider', outline });
  });

  it.each([
    [
      'provider down (503)',
      { kind: 'error', status: 503, message: 'The server is overloaded' } as const,
      'ai-provider-down',
      /暂时无法连接/,
    ],
    [
      'rate-limited by the provider (429, retry-after)',
      {
        kind: 'error',
        status: 429,
        message: 'Rate limit reached',
        type: 'requests',
        code: 'rate_limit_exceeded',
        headers: { 'retry-after': '7' },
      } as const,
      'ai-provider-busy',
      /请 7 秒后再试/,
    ],
    [
      'a wrong key or model (401)',
      { kind: 'error', status: 401, message: 'Incorrect API key provided.' } as const,
      'ai-provider-refused',
      /联系管理员/,
    ],
  ])('reports %s in Chinese', async (_name, reply, reason, message) => {
    standin.script(reply);
    const { events, error } = await collect<AskEvent>((handlers) =>
      ws.client.ai.ask.subscribe({ question: '铃声怎么设置？' }, handlers),
    );
    expect(events[0]).toMatchObject({ type: 'sources', covered: true });
    expect(reasonOf(error)).toBe(reason);
    expect(error?.message).toMatch(message);
  });

  it('stops a provider that does not answer within AI_TIMEOUT_S', async () => {
    standin.script({ kind: 'text', pieces: ['开始'], hang: true });
    const started = Date.now();
    const { error } = await collect(
      (handlers) => ws.client.ai.ask.subscribe({ question: '铃声怎么设置？' }, handlers),
      15_000,
    );
    expect(reasonOf(error)).toBe('ai-timeout');
    expect(error?.message).toContain('5 秒内没有答完');
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_500);
  }, 20_000);

  it('refuses an input over AI_MAX_INPUT_CHARS before anything is spent', async () => {
    const used = (await ws.client.ai.status.query()).quota.used;
    const { error } = await collect((handlers) =>
      ws.client.ai.ask.subscribe({ question: '铃'.repeat(2001) }, handlers),
    );
    expect(error?.data).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', reason: 'ai-too-long' });
    expect(error?.message).toBe('内容太长：最多 2000 个字，请删减后再试');
    expect((await ws.client.ai.status.query()).quota.used).toBe(used);
  });

  it("refuses past the plan's daily quota with the plan's Chinese message, and gives the request back", async () => {
    const account = await createAccount(hub, 'ai-quota');
    const day = new Date().toISOString().slice(0, 10);
    await hub.services.database.db
      .insert(aiUsage)
      .values({ subject: `user:${account.id}`, day, requests: 20 });
    const signedIn = socketClient(hub, { cookie: account.cookie });
    try {
      const before = standin.requests.length;
      const { error } = await collect((handlers) =>
        signedIn.client.ai.ask.subscribe({ question: '铃声怎么设置？' }, handlers),
      );
      expect(error?.data).toMatchObject({ code: 'FORBIDDEN', reason: 'plan-limit' });
      expect(error?.message).toContain('每日 AI 请求');
      expect(standin.requests.length).toBe(before);
      expect((await signedIn.client.ai.status.query()).quota).toEqual({ limit: 20, used: 20 });
    } finally {
      signedIn.close();
    }
  });

  it('sends an outline into a new text document of a workbench project the account edits', async () => {
    const account = await createAccount(hub, 'ai-outline');
    const { projectId } = await account.client.workbench.create.mutate({
      kind: 'workbench',
      name: '延迟退休备赛',
    });
    const outline = {
      definitions: ['延迟退休：提高法定退休年龄'],
      criteria: ['社会总福利'],
      arguments: [{ claim: '缓解养老金压力', points: ['抚养比上升'] }],
      clashes: [],
      questions: ['您方是否承认抚养比在上升？'],
    };
    const sent = await account.client.ai.sendOutline.mutate({
      projectId,
      title: '正方立论框架',
      topic: '应当延迟退休',
      side: 'aff',
      outline,
    });
    const detail = await account.client.workbench.get.query({ projectId });
    expect(detail.documents.map((document) => document.title)).toContain('正方立论框架');
    const room = await hub.services.yjs.registry.open(sent.documentId, projectId);
    const lines = documentLines('text', (await import('yjs')).encodeStateAsUpdate(room.doc));
    expect(lines.join('\n')).toMatch(
      /正方：应当延迟退休[\s\S]*定义[\s\S]*延迟退休：提高法定退休年龄[\s\S]*论点[\s\S]*缓解养老金压力[\s\S]*抚养比上升[\s\S]*质询问题/,
    );
    const other = await createAccount(hub, 'ai-outline-other');
    expect(
      await outcome(
        other.client.ai.sendOutline.mutate({
          projectId,
          title: '偷偷写入',
          topic: '应当延迟退休',
          side: 'aff',
          outline,
        }),
      ),
    ).toMatchObject({ ok: false, code: expect.stringMatching(/FORBIDDEN|NOT_FOUND/) });
  });

  it('keeps thumbs up/down with the question for the admins only', async () => {
    await ws.client.ai.feedback.mutate({
      rating: 'down',
      question: '铃声怎么设置？',
      answer: '……',
      mode: 'provider',
      sources: ['/docs/formats/formats#铃声'],
    });
    const account = await createAccount(hub, 'ai-feedback');
    expect(await outcome(account.client.ai.feedbackList.query({}))).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    await hub.services.database.db.execute(`update users set is_admin = true where id = '${account.id}'`);
    const list = await account.client.ai.feedbackList.query({});
    expect(list.down).toBeGreaterThanOrEqual(1);
    expect(list.rows[0]).toMatchObject({
      rating: 'down',
      question: '铃声怎么设置？',
      sources: ['/docs/formats/formats#铃声'],
      mode: 'provider',
    });
  });
});

describe('AI area without a provider', () => {
  let hub: TestHub;
  let dist: string;
  let ws: ReturnType<typeof socketClient>;

  beforeAll(async () => {
    dist = docsDist();
    hub = await startHub({ env: { CLIENT_DIST: dist, AI_REQUESTS_PER_MINUTE: '3' } });
    ws = socketClient(hub);
  });
  afterAll(async () => {
    ws.close();
    await hub.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers with the best docs sections and their passages, in deterministic mode', async () => {
    expect((await ws.client.ai.status.query()).mode).toBe('deterministic');
    const { events, error } = await collect<AskEvent>((handlers) =>
      ws.client.ai.ask.subscribe({ question: '网络断开以后大屏怎么办' }, handlers),
    );
    expect(error).toBeNull();
    expect(events).toHaveLength(2);
    const sources = events[0]!;
    expect(sources).toMatchObject({ type: 'sources', mode: 'deterministic', covered: true });
    expect(sources.type === 'sources' && sources.sources[0]).toMatchObject({
      href: '/docs/match-day/offline#断线时会发生什么',
      passage: expect.stringContaining('本地时钟'),
    });
    expect(events[1]).toEqual({ type: 'done', mode: 'deterministic', covered: true });
  });

  it('gives the template outline, seeded from a library topic and its tags', async () => {
    const [topic] = (await ws.client.library.topics.all.query()) as {
      id: string;
      text: string;
      tags: string[];
    }[];
    const { events } = await collect<{ type: string; outline?: { definitions: string[] }; mode?: string }>(
      (handlers) =>
        ws.client.ai.outline.subscribe({ topic: topic!.text, side: 'neg', topicId: topic!.id }, handlers),
    );
    const done = events.at(-1)!;
    expect(done).toMatchObject({ type: 'done', mode: 'deterministic' });
    for (const tag of topic!.tags.slice(0, 2)) expect(done.outline!.definitions.join('\n')).toContain(tag);
  });

  it('says rules need a provider, and limits requests per address', async () => {
    const { error } = await collect((handlers) =>
      ws.client.ai.rules.subscribe({ text: '立论3分钟' }, handlers),
    );
    expect(reasonOf(error)).toBe('ai-off');
    expect(error?.message).toContain('未配置 AI 服务');
    const { error: limited } = await collect((handlers) =>
      ws.client.ai.ask.subscribe({ question: '铃声' }, handlers),
    );
    expect(limited?.data).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(limited?.message).toBe('请求过于频繁，请一分钟后再试');
  });
});

describe('AI area with a provider that is down', () => {
  it('reports the provider unreachable in Chinese', async () => {
    const dist = docsDist();
    const hub = await startHub({
      env: { CLIENT_DIST: dist, AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_MODEL: STANDIN_MODEL },
    });
    const ws = socketClient(hub);
    try {
      const { error } = await collect((handlers) =>
        ws.client.ai.ask.subscribe({ question: '铃声怎么设置？' }, handlers),
      );
      expect(reasonOf(error)).toBe('ai-provider-down');
      expect(error?.message).toBe('AI 服务暂时无法连接，请稍后再试；基础模式的结果仍可使用');
    } finally {
      ws.close();
      await hub.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
