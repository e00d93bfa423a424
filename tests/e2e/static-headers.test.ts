/**
 * How the hub serves the built client and JSON: every hashed asset answers in brotli or gzip when
 * asked and as it is when not, with exact lengths, immutable caching and `Vary`; a missing asset
 * is a 404, never the app shell; HTML is revalidated; big JSON is compressed, small JSON is not.
 * Reads the build (`npm run build -w client` first), like the other tests of this project.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../hub/src/lib/paths';
import { startHub, type TestHub } from '../support/hub';
import { httpClient } from '../support/trpc';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const assetsDir = join(paths.clientDist, 'assets');
const hashedAssets = existsSync(assetsDir)
  ? readdirSync(assetsDir).filter((name) => /-[\w-]{8}\.(js|css)$/.test(name))
  : [];

describe('static and JSON compression', () => {
  let hub: TestHub;
  /** A timer and a lobby that exist (pages of unknown ones are a 404), both private so no first state is embedded. */
  let timer: { id: string; shortid: string; matchId: string };
  let lobbyId: string;
  beforeAll(async () => {
    hub = await startHub();
    const api = httpClient(hub.url);
    timer = await api.timer.create.mutate({ private: true });
    lobbyId = (await api.lobby.create.mutate({ name: '缓存测试', visibility: 'private' })).id;
  });
  afterAll(async () => {
    await hub?.close();
  });

  it('the build ships brotli and gzip siblings (build the client first)', () => {
    expect(hashedAssets.length).toBeGreaterThan(5);
    const big = hashedAssets.filter((name) => readFileSync(join(assetsDir, name)).length >= 1024);
    for (const name of big) {
      expect(existsSync(join(assetsDir, `${name}.br`)), `${name}.br`).toBe(true);
      expect(existsSync(join(assetsDir, `${name}.gz`)), `${name}.gz`).toBe(true);
    }
  });

  it('every hashed asset answers in brotli, in gzip, or as it is, with exact lengths', async () => {
    const problems: string[] = [];
    for (const name of hashedAssets) {
      const original = readFileSync(join(assetsDir, name));
      const url = `${hub.url}/assets/${name}`;
      for (const [accept, coding, decode] of [
        ['br', 'br', brotliDecompressSync],
        ['gzip, deflate', 'gzip', gunzipSync],
        ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ] as const) {
        const answer = await get(url, { 'accept-encoding': accept });
        const compressed = existsSync(join(assetsDir, `${name}.${coding === 'br' ? 'br' : 'gz'}`));
        if (answer.status !== 200) problems.push(`${name} (${accept}): HTTP ${answer.status}`);
        if (answer.headers.vary !== 'Accept-Encoding')
          problems.push(`${name} (${accept}): vary ${String(answer.headers.vary)}`);
        if (answer.headers['cache-control'] !== 'public, max-age=31536000, immutable')
          problems.push(`${name}: cache-control ${String(answer.headers['cache-control'])}`);
        if (Number(answer.headers['content-length']) !== answer.body.length)
          problems.push(
            `${name} (${accept}): content-length ${String(answer.headers['content-length'])} for ${answer.body.length} bytes`,
          );
        if (compressed) {
          if (answer.headers['content-encoding'] !== coding)
            problems.push(
              `${name} (${accept}): content-encoding ${String(answer.headers['content-encoding'])}, expected ${coding}`,
            );
          else if (!decode(answer.body).equals(original))
            problems.push(`${name} (${accept}): does not decode to the file`);
          if (answer.body.length >= original.length) problems.push(`${name} (${accept}): not smaller`);
        } else if (!answer.body.equals(original)) {
          problems.push(`${name} (${accept}): small file not sent as it is`);
        }
      }
      for (const headers of [
        {},
        { 'accept-encoding': 'identity' },
        { 'accept-encoding': 'br;q=0, gzip;q=0' },
      ] as Record<string, string>[]) {
        const answer = await get(url, headers);
        if (answer.headers['content-encoding'] !== undefined)
          problems.push(
            `${name} ${JSON.stringify(headers)}: content-encoding ${String(answer.headers['content-encoding'])}`,
          );
        if (!answer.body.equals(original)) problems.push(`${name} ${JSON.stringify(headers)}: body differs`);
        if (Number(answer.headers['content-length']) !== original.length)
          problems.push(
            `${name} ${JSON.stringify(headers)}: content-length ${String(answer.headers['content-length'])}`,
          );
      }
    }
    expect(problems).toEqual([]);
  });

  it('HEAD gives the same headers as GET, without a body', async () => {
    const name = hashedAssets.find((file) => existsSync(join(assetsDir, `${file}.br`)))!;
    const head = await get(`${hub.url}/assets/${name}`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(readFileSync(join(assetsDir, `${name}.br`)).length);
    expect(head.body.length).toBe(0);
  });

  it('a missing asset is a 404, not the app shell', async () => {
    for (const path of [
      '/assets/index-00000000.js',
      '/assets/missing.css',
      '/assets/no-extension',
      '/favicon-missing.png',
    ]) {
      const answer = await get(`${hub.url}${path}`, { 'accept-encoding': 'br, gzip' });
      expect(answer.status, path).toBe(404);
      expect(String(answer.headers['content-type']), path).not.toContain('text/html');
      expect(answer.headers['cache-control'], path).toBe('no-store');
    }
  });

  it('HTML is revalidated on every load (never served stale), compressed when accepted', async () => {
    for (const path of ['/', `/timer/${timer.id}`, `/lobby/${lobbyId}`, '/index.html']) {
      const plain = await get(`${hub.url}${path}`);
      expect(plain.status, path).toBe(200);
      expect(plain.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(plain.headers['cache-control'], path).toBe('no-cache');
      const compressed = await get(`${hub.url}${path}`, { 'accept-encoding': 'br' });
      expect(compressed.headers['cache-control'], path).toBe('no-cache');
      // A lobby screen's page also depends on the browser's cookies (audience or organizer).
      expect(compressed.headers.vary, path).toBe(
        path.startsWith('/lobby/') ? 'Accept-Encoding, Cookie' : 'Accept-Encoding',
      );
      const html =
        compressed.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(compressed.body)
          : compressed.body;
      expect(html.equals(plain.body), path).toBe(true);
    }
  });

  it("display paths get the display's own page; lobby screens the audience's, unless organizer; the rest the site's shell", async () => {
    const shellOf = async (path: string, cookie?: string) => {
      const answer = await get(`${hub.url}${path}`, cookie ? { cookie } : {});
      const entry = /<script type="module"[^>]*src="\/assets\/([a-z-]+?)-[\w-]{8}\.js"/.exec(
        answer.body.toString('utf8'),
      )?.[1];
      // The page is named in a header too (the service worker keeps its offline copies by it).
      expect(answer.headers['x-bianshi-page'], path).toBe(`${entry}.html`);
      return entry;
    };
    const abc = lobbyId;
    for (const path of [
      `/timer/${timer.id}`,
      `/timer/${timer.id}/`,
      `/timer/${timer.id}/${timer.matchId}`,
      `/timer/${timer.shortid}?role=judge`,
    ]) {
      expect(await shellOf(path), path).toBe('display');
    }
    for (const path of [
      `/lobby/${abc}`,
      `/lobby/${abc}/`,
      `/lobby/${abc}?t=tok`,
      `/lobby/${abc}?judge=jk`,
      `/lobby/${abc}?as=display`,
    ]) {
      expect(await shellOf(path), path).toBe('lobby-screen');
    }
    // Whoever may be the organizer gets the site, with the console: an organizer link, the
    // lobby's organizer cookie, or a signed-in account. Another lobby's cookie changes nothing.
    expect(await shellOf(`/lobby/${abc}?key=k1`)).toBe('index');
    expect(await shellOf(`/lobby/${abc}`, `bs_ctl_${abc}=k1`)).toBe('index');
    expect(await shellOf(`/lobby/${abc}`, 'theme=dark; bs-session=s1')).toBe('index');
    expect(await shellOf(`/lobby/${abc}`, 'bs_ctl_other=k1')).toBe('lobby-screen');
    expect(await shellOf(`/lobby/${abc}?as=display`, `bs_ctl_${abc}=k1`)).toBe('lobby-screen');
    expect((await get(`${hub.url}/lobby/${abc}`)).headers.vary).toBe('Accept-Encoding, Cookie');
    // The site's own pages, and (as 404s, with the site's 404 page) addresses with no page.
    for (const path of [
      `/timer/manage/${timer.shortid}`,
      `/timer/manage/${timer.shortid}/info`,
      '/timer/invite/xyz',
      '/lobby',
      '/lobby/abc/more',
      '/home',
      '/timer/abc',
      '/lobby/abc',
    ]) {
      expect(await shellOf(path), path).toBe('index');
    }
    // Its inline scripts (none today) and the site's are in the one CSP both pages are sent with.
    const display = await get(`${hub.url}/timer/${timer.id}`);
    expect(String(display.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('revalidated files answer 304 to their validators, and in full when changed', async () => {
    for (const path of ['/sounds/bell.wav', '/favicon.svg', `/timer/${timer.id}`]) {
      const first = await get(`${hub.url}${path}`, { 'accept-encoding': 'br' });
      expect(first.status, path).toBe(200);
      expect(first.headers['cache-control'], path).toBe('no-cache');
      const etag = String(first.headers.etag);
      expect(etag, path).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
      const again = await get(`${hub.url}${path}`, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.status, path).toBe(304);
      expect(again.body.length, path).toBe(0);
      expect(again.headers.etag, path).toBe(etag);
      const since = await get(`${hub.url}${path}`, {
        'if-modified-since': String(first.headers['last-modified']),
      });
      expect(since.status, path).toBe(304);
      const stale = await get(`${hub.url}${path}`, { 'if-none-match': 'W/"0-0"' });
      expect(stale.status, path).toBe(200);
      expect(stale.body.length, path).toBeGreaterThan(0);
    }
  });

  it('JSON over 1 KiB goes out compressed when accepted; small JSON and unaccepted codings as they are', async () => {
    const big = await get(`${hub.url}/api/v1/formats`, { 'accept-encoding': 'br' });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(String(big.headers.vary)).toMatch(/accept-encoding/i);
    const plain = await get(`${hub.url}/api/v1/formats`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(JSON.parse(brotliDecompressSync(big.body).toString('utf8'))).toEqual(
      JSON.parse(plain.body.toString('utf8')),
    );
    const gzip = await get(`${hub.url}/api/v1/formats`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    const small = await get(`${hub.url}/api/health`, { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
