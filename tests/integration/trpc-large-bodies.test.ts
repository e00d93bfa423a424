/**
 * tRPC over HTTP takes bodies up to 1 MB, except for a procedure of TRPC_HTTP_LARGE_BODIES sent
 * alone (a Tabbycat folder, up to 9 MB). Every other route, and a batch that adds the large
 * procedure to another call, keeps 1 MB; an over-limit body is refused with 413 in Chinese,
 * declared or sent without a length.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPC_HTTP_LARGE_BODIES } from '@bianshi/shared';
import { TRPC_HTTP_MAX_BODY_BYTES } from '../../hub/src/limits/http-limits';
import { createAccount, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';

const MB = 1024 * 1024;
const IMPORT = 'tournament.importTabbycat';
const FIXTURE = new URL('../fixtures/tabbycat/anorak-small/', import.meta.url).pathname;

interface ErrorEnvelope {
  error: { json: { message: string; data: { code: string; httpStatus: number; reason: string | null } } };
}

/** The small Tabbycat folder, with notes (not CSV, skipped by the import) that bring it past 2 MB. */
function bigFolder(): Record<string, string> {
  const files = Object.fromEntries(
    readdirSync(FIXTURE).map((file) => [file, readFileSync(join(FIXTURE, file), 'utf8')]),
  );
  files['notes-1.txt'] = 'n'.repeat(1.2 * MB);
  files['notes-2.txt'] = 'm'.repeat(1.2 * MB);
  return files;
}

let hub: TestHub;
let owner: TestAccount;

beforeAll(async () => {
  hub = await startHub();
  owner = await createAccount(hub, 'large-bodies');
}, 60_000);

afterAll(async () => {
  await hub?.close();
});

/** A signed-in, same-origin POST of `body` to `/api/trpc/<procedures>`. */
function post(procedures: string, body: BodyInit, extra: RequestInit = {}): Promise<Response> {
  return fetch(`${hub.url}/api/trpc/${procedures}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: hub.url, cookie: owner.cookie },
    body,
    ...extra,
  });
}

/** A body sent without a declared length, `bytes` long, in 64 KB chunks. */
function chunked(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode('{"json":{"files":{"a.csv":"'));
      sent += chunk.length;
      if (sent > bytes) controller.close();
      else controller.enqueue(chunk);
    },
  });
}

async function expectRefused(response: Response, size: string): Promise<void> {
  expect(response.status).toBe(413);
  const envelope = (await response.json()) as ErrorEnvelope;
  expect(envelope.error.json).toMatchObject({
    message: `请求内容过大（上限 ${size}）`,
    data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 },
  });
}

describe('tRPC HTTP body limits', () => {
  it('lets the Tabbycat import alone carry 9 MB, and nothing else', () => {
    expect(TRPC_HTTP_LARGE_BODIES).toEqual({ [IMPORT]: 9 * MB });
    expect(TRPC_HTTP_MAX_BODY_BYTES).toBe(MB);
  });

  it('imports a folder of more than 2 MB through the typed client (batched link, one call)', async () => {
    const files = bigFolder();
    const bytes = Buffer.byteLength(JSON.stringify({ json: { files } }));
    expect(bytes).toBeGreaterThan(2 * MB);
    const result = await owner.client.tournament.importTabbycat.mutate({ name: '大文件夹杯', files });
    expect(result).toMatchObject({ teams: 4, adjudicators: 3 });
    expect(result.skipped).toEqual(
      expect.arrayContaining([expect.objectContaining({ file: 'notes-1.txt' })]),
    );
  });

  it('refuses 2 MB to any other procedure, as before', async () => {
    const body = JSON.stringify({ json: { tournament: { name: 'x'.repeat(2 * MB) } } });
    await expectRefused(await post('tournament.create', body), '1 MB');
  });

  it('keeps 1 MB for a batch that adds the import to another call', async () => {
    const body = JSON.stringify({
      0: { json: { files: { 'a.csv': 'x'.repeat(2 * MB) } } },
      1: { json: null },
    });
    await expectRefused(await post(`${IMPORT},auth.me?batch=1`, body), '1 MB');
  });

  it('refuses an import declared over 9 MB before reading it', async () => {
    const body = JSON.stringify({ json: { files: { 'a.csv': 'x'.repeat(9 * MB) } } });
    await expectRefused(await post(IMPORT, body), '9 MB');
  });

  it('refuses a body without a declared length past its limit: 9 MB for the import, 1 MB elsewhere', async () => {
    const stream = { duplex: 'half' } as RequestInit;
    await expectRefused(await post(IMPORT, chunked(10 * MB), stream), '9 MB');
    await expectRefused(await post('tournament.create', chunked(2 * MB), stream), '1 MB');
    const health = await fetch(`${hub.url}/api/health`);
    expect(health.status).toBe(200);
  });
});
