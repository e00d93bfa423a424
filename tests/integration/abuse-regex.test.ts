/**
 * Issue 30, "the same review for every other place a user string becomes a regular expression":
 * the places an anonymous client could reach with input that made a pattern backtrack
 * super-linearly (docs/security/regex-review.md has the whole table). Each case sends what held
 * the hub before its fix, against a hub in its own process (an attack that holds its event loop
 * must not hold the test's), and asserts a fast answer and a hub whose /api/health kept answering.
 */
import { PROTOCOL_VERSION } from '@bianshi/shared';
import { IMPORT_CHARS_LIMIT } from '../../hub/src/limits/http-limits';
import { until } from '../support/until';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startOpenAiStandin,
  STANDIN_API_KEY,
  STANDIN_MODEL,
  type OpenAiStandin,
} from '../fixtures/openai-standin';
import { startAttackedHub, watchHealth, type AttackedHub } from '../support/attacker';
import { RawSocket } from '../support/raw-socket';

/** A hub that held its loop this long for a health check was held by the attack. */
const HEALTHY_MS = 1_500;

describe('user text that became a regular expression', () => {
  let hub: AttackedHub;
  let standin: OpenAiStandin;
  const sockets: RawSocket[] = [];

  beforeAll(async () => {
    standin = await startOpenAiStandin();
    // The rules text reaches the parser on the hub through ai.rules (with a provider); the
    // operator may raise AI_MAX_INPUT_CHARS up to 50 000, past the parser's own 20 000.
    hub = await startAttackedHub('pglite', {
      AI_BASE_URL: standin.baseUrl,
      AI_API_KEY: STANDIN_API_KEY,
      AI_MODEL: STANDIN_MODEL,
      AI_REQUESTS_PER_MINUTE: '1000',
      AI_MAX_INPUT_CHARS: '20000',
      AI_TIMEOUT_S: '5',
    });
  }, 120_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await hub?.stop();
    await standin?.close();
  });

  it('answers an address of 15 000 slashes at once (the trailing-slash pattern was quadratic)', async () => {
    // `/\/+$/` on "/" × 15 000 + "x" took 0.1–0.3 s for the content pages and as much again for
    // the page-status route match: 20 such requests held the hub for seconds.
    const path = `/${'/'.repeat(15_000)}x`;
    const health = watchHealth(hub.url);
    const startedAt = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${hub.url}${path}`).then(async (response) => (await response.arrayBuffer(), response.status)),
      ),
    );
    const elapsed = performance.now() - startedAt;
    const answers = await health.stop();
    // The app's page answers (the address is the app's to judge), every time alike.
    expect(statuses).toEqual(statuses.map(() => 200));
    expect(elapsed).toBeLessThan(5_000);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(HEALTHY_MS);
  });

  it('reads hostile rules text in linear time (digit runs, space runs, an unterminated heading)', async () => {
    // Before: "1" × 20 000 held the parser 4–6 s, "3分" + spaces + ")" 3.7 s, a heading ended by
    // U+2028 1.4 s — each on the hub's event loop, for one anonymous subscription.
    const texts = [
      '1'.repeat(20_000),
      `3分${' '.repeat(16_000)})`,
      `a: ${'x '.repeat(9_000)}\u2028`,
      `a${' '.repeat(16_000)}then`,
    ];
    standin.fallback({ kind: 'text', pieces: ['不是 JSON'] });
    const socket = new RawSocket(`${hub.wsUrl}?protocol=${PROTOCOL_VERSION}`);
    sockets.push(socket);
    await socket.opened;
    const before = standin.requests.length;
    const health = watchHealth(hub.url);
    const startedAt = performance.now();
    texts.forEach((text, index) =>
      socket.send({
        id: index + 1,
        method: 'subscription',
        params: { path: 'ai.rules', input: { json: { text } } },
      }),
    );
    // The provider is asked once the text is parsed: every text reached it.
    await until(
      () => standin.requests.length,
      (count) => count >= before + texts.length,
      10_000,
      20,
    );
    const elapsed = performance.now() - startedAt;
    const answers = await health.stop();
    expect(standin.requests.length - before).toBeGreaterThanOrEqual(texts.length);
    expect(elapsed).toBeLessThan(4_000);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(HEALTHY_MS);
  });

  it('charges import files to the address by size: a public check of hostile CSVs is refused past the budget', async () => {
    // Papa Parse is linear, but a 1 MB file of quotes held the loop 0.5–0.8 s, and the public
    // import check had no limit: one client could keep the hub busy with it.
    const text = '"'.repeat(450_000);
    const check = () =>
      fetch(`${hub.url}/api/trpc/library.topics.checkImport`, {
        method: 'POST',
        headers: { origin: hub.url, 'content-type': 'application/json' },
        body: JSON.stringify({ json: { format: 'csv', text } }),
      }).then(async (response) => ({
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: (await response.json()) as {
          error?: { json: { message: string; data: { code: string; reason: string | null } } };
        },
      }));
    const allowed = Math.floor(IMPORT_CHARS_LIMIT.points / text.length);
    const answers = [];
    for (let i = 0; i < allowed + 2; i++) answers.push(await check());
    expect(answers.slice(0, allowed).map((answer) => answer.status)).toEqual(
      Array.from({ length: allowed }, () => 200),
    );
    for (const refused of answers.slice(allowed)) {
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(refused.body.error?.json).toMatchObject({
        message: expect.stringMatching(/^导入的文件过多，请\d+秒后再试$/),
        data: { code: 'TOO_MANY_REQUESTS', reason: 'rate-limited' },
      });
    }
    expect((await fetch(`${hub.url}/api/health`)).status).toBe(200);
  });
});
