/**
 * Uploads over real HTTP: types decided by magic bytes, size and duration limits, SVG
 * sanitized, editor role required, files served with safe headers and usable in settings.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ONE_PIXEL_PNG,
  fakePng,
  silentMp3,
  silentOpus,
  silentWav,
  utf8,
} from '../../hub/src/uploads/test-media.fixture';
import { startHub, type TestHub } from '../support/hub';
import { httpClient } from '../support/trpc';

/** GET with the path sent verbatim (fetch would normalise `..`). */
function rawStatus(base: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const request = get({ hostname, port, path }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
}

describe('uploads', () => {
  let hub: TestHub;
  let dataDir: string;
  let timerId: string;
  let controlKey: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'bianshi-uploads-test-'));
    hub = await startHub({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'error' } });
    const created = await httpClient(hub.url).timer.create.mutate({ formatId: 'cn-worldcup' });
    timerId = created.id;
    controlKey = created.controlKey;
  });
  afterAll(async () => {
    await hub?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function upload(
    kind: string,
    contentType: string,
    body: Uint8Array,
    key: string | null = controlKey,
  ) {
    const response = await fetch(`${hub.url}/api/uploads/${timerId}/${kind}`, {
      method: 'POST',
      headers: { 'content-type': contentType, ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: new Uint8Array(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as {
        url?: string;
        durationMs?: number;
        error?: { message: string; reason: string };
      },
    };
  }

  it.each([
    ['logo', 'image/png', ONE_PIXEL_PNG],
    ['logo', 'image/jpeg', Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1])],
    ['logo', 'image/webp', utf8('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ')],
    ['background', 'image/png', fakePng()],
    ['sound', 'audio/wav', silentWav(2_000)],
    ['sound', 'audio/mpeg', silentMp3(3_000, { id3: true })],
    ['sound', 'audio/ogg', silentOpus(9_000)],
  ])('accepts a %s upload of %s', async (kind, type, bytes) => {
    const { status, body } = await upload(kind, type, bytes);
    expect(status).toBe(201);
    expect(body.url).toMatch(new RegExp(`^/uploads/${timerId}/[A-Za-z0-9_-]+\\.(png|jpg|webp|mp3|ogg|wav)$`));
    const served = await fetch(hub.url + body.url!);
    expect(served.status).toBe(200);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  });

  it('reports sound durations', async () => {
    expect((await upload('sound', 'audio/wav', silentWav(2_500))).body.durationMs).toBe(2_500);
  });

  it.each([
    ['a PNG declared as JPEG-only kind mismatch', 'sound', 'image/png', ONE_PIXEL_PNG, 415, /类型不支持/],
    ['an undeclared type', 'logo', 'application/octet-stream', ONE_PIXEL_PNG, 415, /类型不支持/],
    ['wrong magic bytes', 'logo', 'image/png', utf8('GIF89a not a png at all'), 415, /不符/],
    [
      'an executable as an image',
      'logo',
      'image/png',
      Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]),
      415,
      /不符/,
    ],
    ['a logo over 2 MB', 'logo', 'image/png', fakePng(2 * 1024 * 1024), 413, /过大/],
    ['a sound over 1 MB', 'sound', 'audio/wav', silentWav(70_000), 413, /过大/],
    ['a WAV over 10 s', 'sound', 'audio/wav', silentWav(12_000), 400, /过长/],
    ['an MP3 over 10 s', 'sound', 'audio/mpeg', silentMp3(11_000), 400, /过长/],
    ['an Opus over 10 s', 'sound', 'audio/ogg', silentOpus(10_500), 400, /过长/],
    [
      'an MP3 we cannot measure',
      'sound',
      'audio/mpeg',
      Uint8Array.from([...silentMp3(100), ...new Uint8Array(40_000).fill(7)]),
      415,
      /无法读取/,
    ],
    ['an empty file', 'logo', 'image/png', new Uint8Array(0), 400, /为空/],
    [
      'an SVG with a DOCTYPE',
      'logo',
      'image/svg+xml',
      utf8('<!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>'),
      415,
      /DOCTYPE/,
    ],
    [
      'an SVG as a background',
      'background',
      'image/svg+xml',
      utf8('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      415,
      /类型不支持/,
    ],
  ])('rejects %s', async (_, kind, type, bytes, status, message) => {
    const result = await upload(kind, type, bytes);
    expect(result.status).toBe(status);
    expect(result.body.error?.message).toMatch(message);
  });

  it('sanitizes SVG logos and serves them sandboxed', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><foreignObject><div>x</div></foreignObject><circle r="4" fill="red" onclick="alert(3)"/><use href="https://evil.example/a.svg#x"/></svg>';
    const { status, body } = await upload('logo', 'image/svg+xml', utf8(svg));
    expect(status).toBe(201);
    const served = await fetch(hub.url + body.url!);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    const text = await served.text();
    expect(text).toContain('<circle r="4" fill="red"/>');
    expect(text).not.toMatch(/alert|script|foreignObject|evil|onload|onclick/);
  });

  it('lets uploads arriving together take only the places the plan has left', async () => {
    const created = await httpClient(hub.url).timer.create.mutate({ formatId: 'cn-worldcup' });
    const put = () =>
      fetch(`${hub.url}/api/uploads/${created.id}/logo`, {
        method: 'POST',
        headers: { 'content-type': 'image/png', authorization: `Bearer ${created.controlKey}` },
        body: new Uint8Array(ONE_PIXEL_PNG),
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as { error?: { reason: string } },
      }));
    // The installation's trial keeps 20 custom files per timer: 18 leave two places.
    for (let i = 0; i < 18; i++) expect((await put()).status).toBe(201);
    const raced = await Promise.all(Array.from({ length: 5 }, put));
    expect(raced.filter((answer) => answer.status === 201)).toHaveLength(2);
    expect(
      raced.filter((answer) => answer.status === 403 && answer.body.error?.reason === 'plan-limit'),
    ).toHaveLength(3);
  });

  it('needs the editor role', async () => {
    expect((await upload('logo', 'image/png', ONE_PIXEL_PNG, null)).status).toBe(401);
    expect((await upload('logo', 'image/png', ONE_PIXEL_PNG, 'x'.repeat(43))).status).toBe(403);
  });

  it('refuses unknown kinds and paths outside the uploads directory', async () => {
    expect((await upload('script', 'image/png', ONE_PIXEL_PNG)).status).toBe(404);
    for (const path of [
      `/uploads/${timerId}/../../etc/passwd`,
      `/uploads/${timerId}/%2e%2e%2fsecret.png`,
      '/uploads/x/aaaaaaaaaaaa.exe',
    ]) {
      expect(await rawStatus(hub.url, path)).toBe(404);
    }
  });

  it('lets settings use the timer\u2019s own uploads only', async () => {
    const owner = httpClient(hub.url, { authorization: `Bearer ${controlKey}` });
    const logo = await upload('logo', 'image/png', ONE_PIXEL_PNG);
    const saved = await owner.manage.updateSettings.mutate({
      timerId,
      section: 'logo',
      value: { logoUrl: logo.body.url },
    });
    expect(saved.timer.settings.logoUrl).toBe(logo.body.url);
    const sound = await upload('sound', 'audio/wav', silentWav(1_000));
    await owner.manage.updateSettings.mutate({
      timerId,
      section: 'audio',
      value: {
        volume: 0.5,
        sounds: { bell: sound.body.url },
        library: [{ label: '铜铃', url: sound.body.url, durationMs: 1_000, bytes: 16_044 }],
      },
    });
    const missing = `/uploads/${timerId}/zzzzzzzzzzzzzzzz.png`;
    await expect(
      owner.manage.updateSettings.mutate({ timerId, section: 'logo', value: { logoUrl: missing } }),
    ).rejects.toThrow(/文件不存在/);
    await owner.manage.updateSettings.mutate({ timerId, section: 'logo', value: { logoUrl: null } });
    expect((await owner.manage.get.query({ timerId })).timer.settings).not.toHaveProperty('logoUrl');
  });
});
