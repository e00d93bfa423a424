/**
 * Files on the hosted backend: a hub with SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY keeps
 * uploads and invoice PDFs in Supabase Storage (through supabase-js, against a stand-in that
 * speaks the Storage REST API), a bucket per kind, nothing on local disk. It serves a logo at
 * its usual address, deletes it when settings drop it, sweeps old unreferenced files, keeps the
 * same quota, and hands an invoice's buyer a short-lived signed link to the private PDF.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_PIXEL_PNG, fakePng, silentWav } from '../../hub/src/uploads/test-media.fixture';
import { startSupabaseStandin, type SupabaseStandin } from '../fixtures/supabase-standin';
import { CookieJar, browserClient, createAccount, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { httpClient } from '../support/trpc';

let standin: SupabaseStandin;
let hub: TestHub;
let dataDir: string;

beforeAll(async () => {
  standin = await startSupabaseStandin();
  dataDir = await mkdtemp(join(tmpdir(), 'bianshi-supabase-files-'));
  hub = await startHub({
    env: {
      DATA_DIR: dataDir,
      SUPABASE_URL: standin.url,
      SUPABASE_SERVICE_ROLE_KEY: standin.serviceRoleKey,
      UPLOAD_QUOTA_BYTES: String(1024 * 1024),
      // Bank transfer is offered only with the account published (or a support contact).
      BANK_ACCOUNT_NAME: '辩时科技',
      BANK_NAME: '测试银行',
      BANK_ACCOUNT_NO: '6222000011112222',
    },
  });
}, 60_000);

afterAll(async () => {
  await hub?.close();
  await standin?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function newTimer() {
  const created = await httpClient(hub.url).timer.create.mutate({ formatId: 'cn-worldcup' });
  return { timerId: created.id, key: created.controlKey };
}

async function upload(
  timer: { timerId: string; key: string },
  kind: string,
  contentType: string,
  body: Uint8Array,
) {
  const response = await fetch(`${hub.url}/api/uploads/${timer.timerId}/${kind}`, {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: `Bearer ${timer.key}` },
    body: new Uint8Array(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { url?: string; error?: { reason: string; message: string } },
  };
}

/** The storage path of an upload URL (`/uploads/<timerId>/<name>` → `<timerId>/<name>`). */
const pathOf = (url: string) => url.replace(/^\/uploads\//, '');

describe('uploads in Supabase Storage', () => {
  it('stores a logo in its public bucket, serves it, and deletes it when the settings drop it', async () => {
    const timer = await newTimer();
    const logo = await upload(timer, 'logo', 'image/png', ONE_PIXEL_PNG);
    expect(logo.status).toBe(201);
    expect(logo.body.url).toMatch(new RegExp(`^/uploads/${timer.timerId}/logo-[A-Za-z0-9_-]+\\.png$`));
    expect(standin.storage.paths('bianshi-logos')).toEqual([pathOf(logo.body.url!)]);
    expect(standin.storage.buckets.get('bianshi-logos')?.public).toBe(true);
    expect(standin.storage.buckets.get('bianshi-invoices')?.public).toBe(false);
    // The stand-in saw supabase-js's own requests: the bucket list, the upload.
    expect(standin.storage.requests).toContainEqual({
      method: 'POST',
      path: `/object/bianshi-logos/${pathOf(logo.body.url!)}`,
      status: 200,
    });
    // Nothing went to local disk.
    expect(existsSync(join(dataDir, 'uploads'))).toBe(false);

    const served = await fetch(hub.url + logo.body.url!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(ONE_PIXEL_PNG);

    // Each kind has its bucket.
    const sound = await upload(timer, 'sound', 'audio/wav', silentWav(1_000));
    const background = await upload(timer, 'background', 'image/png', fakePng());
    expect(standin.storage.paths('bianshi-sounds')).toEqual([pathOf(sound.body.url!)]);
    expect(standin.storage.paths('bianshi-backgrounds')).toEqual([pathOf(background.body.url!)]);

    // Settings may use the file (it exists in storage); dropping it deletes it there.
    const owner = httpClient(hub.url, { authorization: `Bearer ${timer.key}` });
    await owner.manage.updateSettings.mutate({
      timerId: timer.timerId,
      section: 'logo',
      value: { logoUrl: logo.body.url },
    });
    await expect(
      owner.manage.updateSettings.mutate({
        timerId: timer.timerId,
        section: 'logo',
        value: { logoUrl: `/uploads/${timer.timerId}/logo-zzzzzzzzzzzzzzzz.png` },
      }),
    ).rejects.toThrow(/文件不存在/);
    await owner.manage.updateSettings.mutate({
      timerId: timer.timerId,
      section: 'logo',
      value: { logoUrl: null },
    });
    expect(standin.storage.paths('bianshi-logos')).toEqual([]);
    expect(
      standin.storage.requests.some((r) => r.method === 'DELETE' && r.path === '/object/bianshi-logos'),
    ).toBe(true);
    expect((await fetch(hub.url + logo.body.url!)).status).toBe(404);

    // The sweep removes files nobody references once they are old; fresh ones stay.
    const old = standin.storage.buckets.get('bianshi-sounds')!.objects.get(pathOf(sound.body.url!))!;
    old.updatedAt = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const report = await hub.services.retention.runOnce();
    expect(report.files).toEqual([sound.body.url]);
    expect(standin.storage.paths('bianshi-sounds')).toEqual([]);
    expect(standin.storage.paths('bianshi-backgrounds')).toEqual([pathOf(background.body.url!)]);
  });

  it('keeps the same quota per timer', async () => {
    const timer = await newTimer();
    expect((await upload(timer, 'background', 'image/png', fakePng(700 * 1024))).status).toBe(201);
    const over = await upload(timer, 'background', 'image/png', fakePng(700 * 1024));
    expect(over.status).toBe(413);
    expect(over.body.error?.reason).toBe('quota-exceeded');
    expect(
      standin.storage.paths('bianshi-backgrounds').filter((path) => path.startsWith(`${timer.timerId}/`)),
    ).toHaveLength(1);
  });

  it('says in Chinese when the storage cannot be reached, and works again when it returns', async () => {
    const timer = await newTimer();
    const stored = await upload(timer, 'logo', 'image/png', ONE_PIXEL_PNG);
    const owner = httpClient(hub.url, { authorization: `Bearer ${timer.key}` });
    await standin.stop();
    try {
      const refused = await upload(timer, 'logo', 'image/png', ONE_PIXEL_PNG);
      expect(refused.status).toBe(503);
      expect(refused.body.error).toMatchObject({
        reason: 'storage-unavailable',
        message: '文件存储暂时不可用，请稍后再试',
      });
      const served = await fetch(hub.url + stored.body.url!);
      expect(served.status).toBe(503);
      expect(((await served.json()) as { error: { message: string } }).error.message).toBe(
        '文件存储暂时不可用，请稍后再试',
      );
      await expect(
        owner.manage.updateSettings.mutate({
          timerId: timer.timerId,
          section: 'logo',
          value: { logoUrl: stored.body.url },
        }),
      ).rejects.toThrow('文件存储暂时不可用，请稍后再试');
    } finally {
      await standin.start();
    }
    expect((await upload(timer, 'logo', 'image/png', ONE_PIXEL_PNG)).status).toBe(201);
    expect((await fetch(hub.url + stored.body.url!)).status).toBe(200);
  });

  it('keeps an invoice PDF private and gives its buyer a signed link', async () => {
    const email = 'files-admin@bianshi.test';
    const { user, token } = await hub.services.auth.signUp(
      { email, password: 'correct horse battery' },
      'vitest',
    );
    await hub.services.auth.setAdmin(email, true);
    const jar = new CookieJar();
    jar.cookies.set(hub.services.auth.cookies.session, token);
    const admin: TestAccount = {
      id: user.id,
      email,
      cookie: jar.header(),
      client: browserClient(hub, jar).client,
    };
    const buyer = await createAccount(hub, 'invoice-buyer');
    const { order } = await buyer.client.commerce.createOrder.mutate({
      plan: 'enterprise',
      months: 12,
      seats: 1,
      provider: 'manual',
      buyer: { name: '李老师', organization: '', phone: '021-5555 6666', email: 'li@example.com' },
    });
    await admin.client.commerce.admin.markPaid.mutate({ number: order.number, note: '' });
    await buyer.client.commerce.requestInvoice.mutate({
      orderNumber: order.number,
      kind: 'normal',
      titleType: 'enterprise',
      title: '某某大学',
      uscc: '91350100M000100Y43',
      email: 'caiwu@example.edu.cn',
    });
    const [invoice] = await admin.client.commerce.admin.invoices.query({ status: 'requested' });
    const pdf = '%PDF-1.4\n% 辩时 发票\n%%EOF\n';
    const issued = await fetch(`${hub.url}/api/commerce/invoices/${invoice!.id}/pdf`, {
      method: 'POST',
      headers: { cookie: admin.cookie, origin: hub.url, 'content-type': 'application/pdf' },
      body: pdf,
    });
    expect(issued.status).toBe(200);
    const path = `${buyer.id}/${invoice!.id}.pdf`;
    expect(standin.storage.paths('bianshi-invoices')).toEqual([path]);
    expect(existsSync(join(dataDir, 'invoices'))).toBe(false);

    // The buyer's download is a redirect to a signed link that works without any key.
    const answer = await fetch(`${hub.url}/api/commerce/invoices/${invoice!.id}/pdf`, {
      headers: { cookie: buyer.cookie },
      redirect: 'manual',
    });
    expect(answer.status).toBe(302);
    const link = answer.headers.get('location')!;
    expect(
      link.startsWith(
        `${standin.url}/storage/v1/object/sign/bianshi-invoices/${buyer.id}/${invoice!.id}.pdf?token=`,
      ),
    ).toBe(true);
    const file = await fetch(link);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${invoice!.id}.pdf"`);
    expect(await file.text()).toBe(pdf);
    // A tampered link, the public address and the anon key get nothing; nor does a stranger.
    expect((await fetch(link.replace(/token=[^&]+/, 'token=x'))).status).toBe(400);
    expect((await fetch(`${standin.url}/storage/v1/object/public/bianshi-invoices/${path}`)).status).toBe(
      404,
    );
    const anon = await fetch(`${standin.url}/storage/v1/object/bianshi-invoices/${path}`, {
      headers: { apikey: standin.anonKey, authorization: `Bearer ${standin.anonKey}` },
    });
    expect(anon.status).toBe(403);
    const stranger = await createAccount(hub, 'invoice-stranger');
    expect(
      (
        await fetch(`${hub.url}/api/commerce/invoices/${invoice!.id}/pdf`, {
          headers: { cookie: stranger.cookie },
          redirect: 'manual',
        })
      ).status,
    ).toBe(404);
  });
});
