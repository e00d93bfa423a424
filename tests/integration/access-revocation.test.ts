/**
 * Access that never fails open, through real HTTP and real sockets:
 * - a private timer's view key is required by `timer.watch`, `timer.get` and
 *   `GET /api/v1/timers/:id`, and making a timer private (or giving it a new view key) closes
 *   the screens open without the new key;
 * - `timer.log` needs the same role as `manage.matchRecord` (controller);
 * - revocation reaches sockets already open: a rotated control key, a removed member and
 *   sign-out-everywhere close them (close code 4004), and what they could do stops.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CLOSE } from '@bianshi/shared';
import { createAccount, outcome, socketClient } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { httpClient } from '../support/trpc';
import { until } from '../support/until';
import { watch } from '../support/watch';

/** A raw socket with a fast-path `timer.watch`, recording data frames and how it closed. */
interface RawWatch {
  readonly frames: unknown[];
  closed: { code: number; reason: string } | null;
  until(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
}

function rawWatch(
  hub: TestHub,
  input: Record<string, unknown>,
  headers: Record<string, string> = {},
): RawWatch {
  const socket = new WebSocket(hub.wsUrl, { headers });
  const raw: RawWatch = {
    frames: [],
    closed: null,
    async until(predicate, timeoutMs = 10_000) {
      await until(predicate, (met) => met, timeoutMs, 20).catch(() => {
        throw new Error(
          `raw watch timed out; frames ${JSON.stringify(raw.frames).slice(0, 400)}, closed ${JSON.stringify(raw.closed)}`,
        );
      });
    },
    close: () => socket.close(),
  };
  socket.on('open', () =>
    socket.send(
      JSON.stringify({
        id: 1,
        method: 'subscription',
        params: { path: 'timer.watch', input: { json: input } },
      }),
    ),
  );
  socket.on('message', (data) => raw.frames.push(JSON.parse(String(data))));
  socket.on('close', (code, reason) => (raw.closed = { code, reason: String(reason) }));
  return raw;
}

/** True once the raw watch got its first tracked frame (the snapshot). */
const hasSnapshot = (raw: RawWatch) =>
  raw.frames.some((frame) => (frame as { result?: { type?: string } }).result?.type === 'data');
const hasError = (raw: RawWatch) =>
  raw.frames.some((frame) => (frame as { error?: unknown }).error !== undefined);
/** True once the raw watch got the change that made `version`. */
const hasVersion = (raw: RawWatch, version: number) =>
  raw.frames.some(
    (frame) =>
      (frame as { result?: { data?: { json?: { data?: { version?: number } } } } }).result?.data?.json?.data
        ?.version === version,
  );

describe('access that never fails open', () => {
  let hub: TestHub;
  const closers: { close(): void }[] = [];
  const track = <T extends { close(): void }>(w: T) => (closers.push(w), w);

  beforeAll(async () => {
    hub = await startHub();
  });
  afterAll(async () => {
    for (const c of closers) c.close();
    await hub?.close();
  });

  it('requires a private timer’s view key to watch, read and fetch it, and closes screens when it changes', async () => {
    const anonymous = httpClient(hub.url);
    const created = await anonymous.timer.create.mutate({ name: '私有计时器', private: true });
    const viewKey = created.viewKey!;
    expect(viewKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.urls.display).toBe(`${hub.url}/timer/${created.id}#view=${viewKey}`);

    // timer.get
    expect(await outcome(anonymous.timer.get.query({ id: created.id }))).toMatchObject({
      ok: false,
      code: 'UNAUTHORIZED',
    });
    expect(
      await outcome(anonymous.timer.get.query({ id: created.id, viewKey: 'x'.repeat(22) })),
    ).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect((await anonymous.timer.get.query({ id: created.shortid, viewKey })).timer).toMatchObject({
      name: '私有计时器',
      private: true,
    });
    const controller = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
    expect((await controller.timer.get.query({ id: created.id })).role).toBe('owner');

    // GET /api/v1/timers/:id
    expect((await fetch(`${hub.url}/api/v1/timers/${created.id}`)).status).toBe(401);
    expect((await fetch(`${hub.url}/api/v1/timers/${created.id}?key=wrong-key-wrong-key-12`)).status).toBe(
      403,
    );
    expect((await fetch(`${hub.url}/api/v1/timers/${created.id}?key=${viewKey}`)).status).toBe(200);
    expect(
      (
        await fetch(`${hub.url}/api/v1/timers/${created.id}`, {
          headers: { authorization: `Bearer ${created.controlKey}` },
        })
      ).status,
    ).toBe(200);

    // timer.watch: refused without the key (also after the room is loaded), served with it.
    const withKey = track(watch(hub.wsUrl, { timerId: created.id, viewKey }));
    await withKey.until((w) => w.tracked.length === 1);
    const raw = track(rawWatch(hub, { timerId: created.id }));
    await raw.until(() => hasError(raw));
    expect(JSON.stringify(raw.frames)).toContain('view-key-required');

    // A new view key closes the screens that watch with the old one; they come back refused.
    const renewed = await controller.manage.setPrivate.mutate({ timerId: created.id, private: true });
    expect(renewed.viewKey).not.toBe(viewKey);
    const old = track(rawWatch(hub, { timerId: created.id, viewKey }));
    await old.until(() => hasError(old));
    await withKey.until((w) => w.errors.length > 0);
    const fresh = track(watch(hub.wsUrl, { timerId: created.id, viewKey: renewed.viewKey! }));
    await fresh.until((w) => w.tracked.length === 1);

    // Public again: anyone watches; made private: the open public screens are closed (4004).
    await controller.manage.setPrivate.mutate({ timerId: created.id, private: false });
    const open = track(rawWatch(hub, { timerId: created.id }));
    await open.until(() => hasSnapshot(open));
    await controller.manage.setPrivate.mutate({ timerId: created.id, private: true });
    await open.until(() => open.closed !== null);
    expect(open.closed).toEqual({ code: CLOSE.revoked.code, reason: CLOSE.revoked.reason });
  });

  it('gives the command log to the same role as the match record', async () => {
    const created = await httpClient(hub.url).timer.create.mutate({});
    expect(await outcome(httpClient(hub.url).timer.log.query({ timerId: created.id }))).toMatchObject({
      ok: false,
      code: 'UNAUTHORIZED',
    });
    const controller = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
    expect((await controller.timer.log.query({ timerId: created.id })).matchId).toBe(created.matchId);
    expect(
      (await controller.manage.matchRecord.query({ timerId: created.id, matchId: created.matchId })).id,
    ).toBe(created.matchId);
  });

  it('closes sockets that control with a rotated key, and refuses what they send next', async () => {
    const created = await httpClient(hub.url).timer.create.mutate({});
    const oldKey = created.controlKey;
    const consoleWatch = track(
      rawWatch(hub, { timerId: created.id, role: 'controller' }, { authorization: `Bearer ${oldKey}` }),
    );
    await consoleWatch.until(() => hasSnapshot(consoleWatch));
    const viewer = track(rawWatch(hub, { timerId: created.id }));
    await viewer.until(() => hasSnapshot(viewer));
    // A console over the tRPC WebSocket client, with the key in its connection params.
    const socketConsole = socketClient(hub, { controlKey: oldKey });
    closers.push(socketConsole);
    await socketConsole.client.timer.command.mutate({ timerId: created.id, command: { type: 'next' } });

    const owner = httpClient(hub.url, { authorization: `Bearer ${oldKey}` });
    const { controlKey: newKey } = await owner.manage.regenerateControlKey.mutate({ timerId: created.id });
    expect(newKey).not.toBe(oldKey);

    await consoleWatch.until(() => consoleWatch.closed !== null);
    expect(consoleWatch.closed).toEqual({ code: CLOSE.revoked.code, reason: CLOSE.revoked.reason });
    // The plain viewer keeps watching (proved below: it still gets the new key's command).
    expect(viewer.closed).toBeNull();
    // The old key commands nothing any more, over the same socket or over HTTP.
    expect(
      await outcome(
        socketConsole.client.timer.command.mutate({ timerId: created.id, command: { type: 'next' } }),
      ),
    ).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(
      await outcome(owner.timer.command.mutate({ timerId: created.id, command: { type: 'next' } })),
    ).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const again = track(
      rawWatch(hub, { timerId: created.id, role: 'controller' }, { authorization: `Bearer ${oldKey}` }),
    );
    await again.until(() => hasError(again));
    // The new key controls, and the plain viewer, never closed, sees its command.
    const { version } = await httpClient(hub.url, { authorization: `Bearer ${newKey}` }).timer.command.mutate(
      { timerId: created.id, command: { type: 'next' } },
    );
    await viewer.until(() => hasVersion(viewer, version) || viewer.closed !== null);
    expect(viewer.closed).toBeNull();
    expect(hasVersion(viewer, version)).toBe(true);
  });

  it('closes the sockets of a removed member', async () => {
    const ownerAccount = await createAccount(hub, 'owner');
    const member = await createAccount(hub, 'member');
    const created = await ownerAccount.client.timer.create.mutate({ name: '成员计时器' });
    await hub.services.members.putMember(created.id, member.id, 'controller');
    const memberConsole = track(
      rawWatch(hub, { timerId: created.id, role: 'controller' }, { cookie: member.cookie }),
    );
    await memberConsole.until(() => hasSnapshot(memberConsole));
    const memberSocket = socketClient(hub, { cookie: member.cookie });
    closers.push(memberSocket);
    await memberSocket.client.timer.command.mutate({ timerId: created.id, command: { type: 'next' } });

    await ownerAccount.client.members.remove.mutate({ timerId: created.id, userId: member.id });
    await memberConsole.until(() => memberConsole.closed !== null);
    expect(memberConsole.closed?.code).toBe(CLOSE.revoked.code);
    expect(
      await outcome(
        memberSocket.client.timer.command.mutate({ timerId: created.id, command: { type: 'next' } }),
      ),
    ).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });

  it('closes every socket of an account that signed out everywhere', async () => {
    const account = await createAccount(hub, 'everywhere');
    const created = await account.client.timer.create.mutate({ name: '我的计时器' });
    const onSocket = track(
      rawWatch(hub, { timerId: created.id, role: 'controller' }, { cookie: account.cookie }),
    );
    await onSocket.until(() => hasSnapshot(onSocket));
    const client = socketClient(hub, { cookie: account.cookie });
    closers.push(client);
    expect((await client.client.auth.me.query())?.id).toBe(account.id);
    const unrelated = track(rawWatch(hub, { timerId: created.id }));
    await unrelated.until(() => hasSnapshot(unrelated));

    // Another device of the same account signs out everywhere.
    const other = await hub.services.auth.startSession(
      { id: account.id, email: account.email, displayName: '', isAdmin: false },
      'other device',
    );
    await httpClient(hub.url, {
      origin: hub.url,
      cookie: `${hub.services.auth.cookies.session}=${other.token}`,
    }).auth.signOutEverywhere.mutate();

    await onSocket.until(() => onSocket.closed !== null);
    expect(onSocket.closed?.code).toBe(CLOSE.revoked.code);
    // The tRPC client reconnects; its new connection has no account any more.
    await expect
      .poll(
        async () =>
          (await outcome(client.client.auth.me.query())).ok && (await client.client.auth.me.query()) === null,
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(
      await outcome(client.client.timer.command.mutate({ timerId: created.id, command: { type: 'next' } })),
    ).toMatchObject({ ok: false });
    expect(unrelated.closed).toBeNull();
  });
});
