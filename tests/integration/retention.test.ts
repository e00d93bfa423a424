/**
 * Retention over a real hub: expired sessions and invite links, abandoned anonymous timers with
 * their files, replaced and unreferenced uploads; and two hubs on one Postgres deleting once.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, timerInvites, timers } from '../../hub/src/timers/timer.schema';
import { sessions } from '../../hub/src/auth/auth.schema';
import { ONE_PIXEL_PNG } from '../../hub/src/uploads/test-media.fixture';
import { startHub, type TestHub } from '../support/hub';
import { createScratchPostgres, type ScratchDatabase } from '../support/postgres';
import { httpClient } from '../support/trpc';
import { speechFormat } from '../support/formats';

const ONE_STAGE = speechFormat('retention-test', '保留测试', [600_000]);
const DAY_MS = 86_400_000;

describe('retention on one hub', () => {
  let hub: TestHub;
  let dataDir: string;
  let skewMs = 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'bianshi-retention-'));
    hub = await startHub({
      clock: { now: () => Date.now() + skewMs },
      env: { DATA_DIR: dataDir, ANONYMOUS_TIMER_RETENTION_DAYS: '30', TRUST_PROXY: 'true' },
    });
  }, 120_000);
  afterAll(async () => {
    await hub?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const db = () => hub.services.database.db;
  const uploadLogo = async (timerId: string, controlKey: string) => {
    const response = await fetch(`${hub.url}/api/uploads/${timerId}/logo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${controlKey}`, 'content-type': 'image/png' },
      body: new Uint8Array(ONE_PIXEL_PNG),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { url: string }).url;
  };
  const fileOf = (url: string) => join(dataDir, url.replace(/^\/uploads\//, 'uploads/'));
  const served = async (url: string) => (await fetch(`${hub.url}${url}`)).status;

  it('deletes expired sessions and invite links on schedule, and keeps live ones', async () => {
    skewMs = 0;
    const { user, token } = await hub.services.auth.signUp(
      { email: 'retention@bianshi.test', password: 'correct horse battery' },
      'retention',
    );
    const { timer } = await hub.services.timers.create({ name: '保留测试', ownerId: user.id });
    await hub.services.members.createInvite(timer.id, { role: 'judge', expiresInHours: 1 }, user.id);
    const longInvite = await hub.services.members.createInvite(
      timer.id,
      { role: 'judge', expiresInHours: 24 * 7 },
      user.id,
    );

    skewMs = 2 * DAY_MS;
    const first = await hub.services.retention.runOnce();
    expect(first.invites).toBe(1);
    expect(await db().select().from(timerInvites).where(eq(timerInvites.timerId, timer.id))).toEqual([
      expect.objectContaining({ id: longInvite.id }),
    ]);
    expect(await hub.services.auth.userForSession(token)).toMatchObject({ id: user.id });

    skewMs = 31 * DAY_MS;
    const second = await hub.services.retention.runOnce();
    expect(second.sessions).toBeGreaterThanOrEqual(1);
    expect(second.invites).toBe(1);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    // Nothing left to do: a second run deletes nothing.
    expect(await hub.services.retention.runOnce()).toMatchObject({ sessions: 0, invites: 0 });
    skewMs = 0;
  });

  it('deletes anonymous timers untouched for the configured days, with their files; keeps owned, recent and watched ones', async () => {
    skewMs = 0;
    const anonymous = httpClient(hub.url, { 'x-forwarded-for': '10.7.0.1' });
    const abandoned = await anonymous.timer.create.mutate({ format: ONE_STAGE });
    const recent = await anonymous.timer.create.mutate({ format: ONE_STAGE });
    const watched = await anonymous.timer.create.mutate({ format: ONE_STAGE });
    const { user } = await hub.services.auth.signUp(
      { email: 'retention-owner@bianshi.test', password: 'correct horse battery' },
      'retention',
    );
    const owned = await hub.services.timers.create({ name: '有主的计时器', ownerId: user.id });
    const logo = await uploadLogo(abandoned.id, abandoned.controlKey);

    // Forty days without a change, for all but `recent`.
    const old = new Date(Date.now() - 40 * DAY_MS);
    const aged = [abandoned.id, watched.id, owned.timer.id];
    await db().update(timers).set({ updatedAt: old }).where(inArray(timers.id, aged));
    await db().update(matches).set({ updatedAt: old }).where(inArray(matches.timerId, aged));
    // A screen watches `watched` on this hub.
    const room = await hub.services.timers.room(await hub.services.timers.get(watched.id));
    const screen = { bufferedAmount: () => 0, close: () => {} };
    const { Session } = await import('../../hub/src/realtime/session');
    const session = new Session(
      {
        id: 'retention-screen',
        role: 'display',
        name: '屏幕',
        device: 'desktop',
        connectedSince: Date.now(),
        followsTimer: true,
      },
      screen,
    );
    room.attach(session);

    const report = await hub.services.retention.runOnce();
    expect(report.timers).toEqual([abandoned.id]);
    expect(report.files).toContain(`/uploads/${abandoned.id}/`);
    const left = (
      await db()
        .select({ id: timers.id })
        .from(timers)
        .where(inArray(timers.id, [abandoned.id, recent.id, watched.id, owned.timer.id]))
    ).map((row) => row.id);
    expect(left.sort()).toEqual([recent.id, watched.id, owned.timer.id].sort());
    expect(await db().select().from(matches).where(eq(matches.timerId, abandoned.id))).toEqual([]);
    expect(existsSync(fileOf(logo))).toBe(false);
    expect(await served(logo)).toBe(404);
    session.end();
    room.detach(session);
  });

  it('removes a replaced logo at once, and unreferenced uploads after an hour', async () => {
    const created = await httpClient(hub.url, { 'x-forwarded-for': '10.7.0.2' }).timer.create.mutate({
      format: ONE_STAGE,
    });
    const editor = httpClient(hub.url, {
      authorization: `Bearer ${created.controlKey}`,
      'x-forwarded-for': '10.7.0.2',
    });
    const first = await uploadLogo(created.id, created.controlKey);
    await editor.manage.updateSettings.mutate({
      timerId: created.id,
      section: 'logo',
      value: { logoUrl: first },
    });
    const second = await uploadLogo(created.id, created.controlKey);
    // Uploaded but not saved yet: kept, even when the other settings change.
    expect(await served(second)).toBe(200);
    await editor.manage.updateSettings.mutate({
      timerId: created.id,
      section: 'logo',
      value: { logoUrl: second },
    });
    expect(await served(first)).toBe(404);
    expect(await served(second)).toBe(200);

    const stray = await uploadLogo(created.id, created.controlKey);
    const fresh = await uploadLogo(created.id, created.controlKey);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(fileOf(stray), twoHoursAgo, twoHoursAgo);
    const report = await hub.services.retention.runOnce();
    expect(report.files).toContain(stray);
    expect(report.files).not.toContain(fresh);
    expect(await served(stray)).toBe(404);
    expect(await served(fresh)).toBe(200);
    expect(await served(second)).toBe(200);
  });
});

describe('retention on two hubs sharing Postgres', () => {
  let scratch: ScratchDatabase;
  let hubs: TestHub[];

  beforeAll(async () => {
    scratch = await createScratchPostgres();
    const database = { kind: 'postgres' as const, url: scratch.url };
    hubs = [await startHub({ database }), await startHub({ database })];
  }, 120_000);
  afterAll(async () => {
    await Promise.all((hubs ?? []).map((hub) => hub.close()));
    await scratch?.drop();
  });

  it('deletes each expired row once, whichever hub runs, even at the same instant', async () => {
    const [a, b] = hubs as [TestHub, TestHub];
    const { user } = await a.services.auth.signUp(
      { email: 'retention-pg@bianshi.test', password: 'correct horse battery' },
      'retention',
    );
    const { timer } = await a.services.timers.create({ name: '两台服务器', ownerId: user.id });
    for (let index = 0; index < 5; index += 1)
      await a.services.members.createInvite(timer.id, { role: 'viewer', expiresInHours: 1 }, user.id);
    await a.services.database.db
      .update(timerInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(timerInvites.timerId, timer.id));

    const reports = await Promise.all([a.services.retention.runOnce(), b.services.retention.runOnce()]);
    // One run did the work (or both shared it); never more deletions than rows.
    expect(reports.reduce((sum, report) => sum + (report.invites ?? 0), 0)).toBe(5);
    expect(
      await b.services.database.db.select().from(timerInvites).where(eq(timerInvites.timerId, timer.id)),
    ).toEqual([]);
  });
});
