/**
 * The Workbench's documents (`/api/yjs/<id>`) against an attacker who speaks the y-protocols
 * wire itself (RawDocSocket) or drives a stock `WebsocketProvider`: each refusal is exact (a
 * notice and a close whose code y-websocket understands), nothing refused reaches anyone on any
 * hub, and the hub stays healthy. Two hubs run on Postgres + Redis where a change must reach
 * every hub.
 */
import { YJS_LIMITS } from '@bianshi/shared';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { browserClient, CookieJar, createAccount, outcome, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import type { HubProcess } from '../support/process-hub';
import { startTwoHubs, type TwoHubs } from '../support/two-hubs';
import { until, untilTrue } from '../support/until';
import { docClients, joinProject, RawDocSocket, signUpOver, type DocClient } from '../support/yjs';

const HEX_COLOR = /^#[0-9a-f]{6}$/;

type Person = Awaited<ReturnType<typeof signUpOver>>;

/** Resolves with the value, or with 'timeout' after `ms` (a refusal that never comes fails the test, not the run). */
function within<T>(promise: Promise<T>, ms = 15_000): Promise<T | 'timeout'> {
  return Promise.race([
    promise,
    new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref()),
  ]);
}

/** The close event a stock provider reports when it gives up (4400–4499), or null so far. */
function terminalClose(client: DocClient): () => { code: number; reason: string } | null {
  let seen: { code: number; reason: string } | null = null;
  client.provider.on('closed', (event: { code: number; reason: string }) => (seen = event));
  return () => seen;
}

/** Text updates of `count` × `bytes` from one client, each its own update, in order. */
function burst(count: number, bytes: number): Uint8Array[] {
  const source = new Y.Doc();
  const updates: Uint8Array[] = [];
  source.on('update', (update: Uint8Array) => updates.push(update));
  for (let i = 0; i < count; i++) source.getArray('burst').push(['x'.repeat(bytes)]);
  source.destroy();
  return updates;
}

describe('Workbench documents under attack (one hub, Postgres)', () => {
  let hub: TestHub;
  let owner: TestAccount;
  let viewer: TestAccount;
  let stranger: TestAccount;
  let projectId: string;
  let cardsId: string;
  let textId: string;
  const { open, closeAll } = docClients();
  const raws: RawDocSocket[] = [];
  const raw = (...args: ConstructorParameters<typeof RawDocSocket>) => {
    const socket = new RawDocSocket(...args);
    raws.push(socket);
    return socket;
  };

  beforeAll(async () => {
    hub = await startHub({ database: 'postgres' });
    [owner, viewer, stranger] = await Promise.all([
      createAccount(hub, 'owner'),
      createAccount(hub, 'viewer'),
      createAccount(hub, 'stranger'),
    ]);
    ({ projectId } = await owner.client.workbench.create.mutate({ kind: 'workbench', name: '攻防' }));
    const detail = await owner.client.workbench.get.query({ projectId });
    cardsId = detail.documents.find((d) => d.kind === 'cards')!.id;
    textId = detail.documents.find((d) => d.kind === 'text')!.id;
    await joinProject(owner, projectId, [[viewer, 'viewer']]);
  }, 120_000);

  afterAll(async () => {
    for (const socket of raws) socket.close();
    closeAll();
    await hub?.close();
  });

  /** The hub still serves: health answers and an edit travels between two people. */
  async function healthy(): Promise<void> {
    expect((await fetch(`${hub.url}/api/health`)).status).toBe(200);
    const writer = open(hub.url, textId, { cookie: owner.cookie });
    const reader = open(hub.url, textId, { cookie: viewer.cookie });
    await Promise.all([writer.synced(), reader.synced()]);
    const mark = `健康-${Math.random().toString(36).slice(2, 8)}`;
    writer.doc.getText('health').insert(0, mark);
    await untilTrue(() => reader.doc.getText('health').toString().includes(mark));
  }

  it('holds a burst of 14 × 500 KiB updates to the 4 MB cap, counting what waits to be written', async () => {
    const attacker = raw(hub.url, cardsId, { cookie: owner.cookie });
    await attacker.opened;
    for (const update of burst(14, 500 * 1024)) attacker.sendUpdate(update);
    expect(await within(attacker.closed)).toEqual({ code: 4413, reason: 'document-too-large' });
    expect(attacker.notices.map((n) => n.code)).toEqual(['document-too-large']);
    expect(attacker.notices[0]!.message).toMatch(/^文档已达到大小上限（4096 KB）/);

    // What was stored: the first eight (8 × 500 KiB fits in 4 MiB, a ninth would not), no more.
    const reader = open(hub.url, cardsId, { cookie: owner.cookie });
    await reader.synced();
    await untilTrue(() => reader.doc.getArray('burst').length === 8);
    expect(Y.encodeStateAsUpdate(reader.doc).byteLength).toBeLessThanOrEqual(YJS_LIMITS.documentBytes);
    // A fresh load from the database agrees.
    await hub.services.yjs.registry.close();
    const reloaded = open(hub.url, cardsId, { cookie: viewer.cookie });
    await reloaded.synced();
    expect(reloaded.doc.getArray('burst').length).toBe(8);
    await healthy();
  }, 120_000);

  it('refuses a connection with a close a stock provider stops on (401, 403, 404), and a malformed path too', async () => {
    const cases = [
      { options: {}, expected: { code: 4401, reason: 'sign-in-required' } },
      { options: { cookie: stranger.cookie }, expected: { code: 4403, reason: 'no-access' } },
      { options: { invite: 'x'.repeat(43) }, expected: { code: 4403, reason: 'no-access' } },
    ] as const;
    for (const { options, expected } of cases) {
      const client = open(hub.url, textId, { ...options, connect: false });
      let attempts = 0;
      client.provider.on(
        'status',
        ({ status }: { status: string }) => void (status === 'connecting' && (attempts += 1)),
      );
      const closed = terminalClose(client);
      client.provider.connect();
      await untilTrue(() => closed() !== null, 10_000);
      expect(closed()).toEqual(expected);
      expect(client.notices.map((n) => n.code)).toEqual([expected.reason]);
      // It gave up: no second attempt while a legitimate client connects and syncs.
      expect(client.provider.shouldConnect).toBe(false);
      const legit = open(hub.url, textId, { cookie: owner.cookie });
      await legit.synced();
      expect(attempts).toBe(1);
    }
    for (const path of ['no-such-document', '%E0%A4%A', 'a%2F..%2Fb']) {
      const socket = raw(hub.url, path, { cookie: owner.cookie });
      expect(await within(socket.closed)).toEqual({ code: 4404, reason: 'not-found' });
    }
    await healthy();
  }, 120_000);

  it('closes a viewer’s refused edit with read-only, so a stock provider sees it and stops', async () => {
    const reader = open(hub.url, textId, { cookie: viewer.cookie });
    await reader.synced();
    const closed = terminalClose(reader);
    reader.doc.getText('t').insert(0, '偷改');
    await untilTrue(() => closed() !== null, 10_000);
    expect(closed()).toEqual({ code: 4403, reason: 'read-only' });
    expect(reader.notices.map((n) => n.code)).toEqual(['read-only']);
    // A viewer deleting what is there is refused aloud too, not silently dropped.
    const writer = open(hub.url, textId, { cookie: owner.cookie });
    await writer.synced();
    writer.doc.getText('d').insert(0, '别删我');
    const deleter = open(hub.url, textId, { cookie: viewer.cookie });
    await deleter.synced();
    await untilTrue(() => deleter.doc.getText('d').toString() === '别删我');
    const deleterClosed = terminalClose(deleter);
    deleter.doc.getText('d').delete(0, 3);
    await untilTrue(() => deleterClosed() !== null, 10_000);
    expect(deleterClosed()).toEqual({ code: 4403, reason: 'read-only' });
    // A viewer that only reads stays connected (its sync step 2 carries the delete set it got).
    const quiet = open(hub.url, textId, { cookie: viewer.cookie });
    await quiet.synced();
    await healthy();
    expect(quiet.closes).toEqual([]);
    expect(writer.doc.getText('t').toString()).not.toContain('偷改');
    expect(writer.doc.getText('d').toString()).toBe('别删我');
  }, 120_000);

  it('refuses a stranger a flow sheet on a private timer, and its attachment to the record', async () => {
    const privateTimer = await owner.client.timer.create.mutate({ formatId: 'cn-classic', private: true });
    const refused = await outcome(
      stranger.client.workbench.create.mutate({
        kind: 'flow',
        name: '偷看',
        mode: 'judge',
        timerId: privateTimer.id,
      }),
    );
    expect(refused).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
      reason: 'timer-private',
      message: '这个计时器是私有的：只有它的所有者、成员或持观看链接的人可以为它建流程单。',
    });
    expect(await stranger.client.workbench.list.query({ kind: 'flow' })).toEqual([]);
    // With the view key (a display link) a judge may; the timer's owner always may.
    await stranger.client.workbench.create.mutate({
      kind: 'flow',
      name: '有观看链接',
      timerId: privateTimer.id,
      viewKey: privateTimer.viewKey!,
    });
    await owner.client.workbench.create.mutate({
      kind: 'flow',
      name: '我的计时器',
      timerId: privateTimer.id,
    });

    // A flow made while the timer was public may not join its record once the timer went private.
    const timer = await owner.client.timer.create.mutate({ formatId: 'cn-classic' });
    const { projectId: flowId } = await stranger.client.workbench.create.mutate({
      kind: 'flow',
      name: '公开时建的',
      mode: 'judge',
      timerId: timer.id,
    });
    await owner.client.manage.setPrivate.mutate({ timerId: timer.id, private: true });
    for (const type of ['next', 'start', 'finish'] as const)
      await owner.client.timer.command.mutate({ timerId: timer.id, command: { type } });
    expect(await outcome(stranger.client.workbench.attachFlow.mutate({ projectId: flowId }))).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
      reason: 'timer-private',
      message: '你对这个计时器没有访问权限，不能把流程单附到它的比赛记录。',
    });
    expect(await owner.client.library.records.flows.query({ matchId: timer.matchId })).toEqual([]);
    await healthy();
  }, 120_000);
});

describe('Workbench documents under attack (two hubs, Postgres + Redis)', () => {
  let pair: TwoHubs;
  let a: HubProcess;
  let b: HubProcess;
  const { open, closeAll } = docClients();
  const raws: RawDocSocket[] = [];
  const raw = (...args: ConstructorParameters<typeof RawDocSocket>) => {
    const socket = new RawDocSocket(...args);
    raws.push(socket);
    return socket;
  };

  let people: { owner: Person; editor: Person; viewer: Person };
  let projectId: string;

  beforeAll(async () => {
    pair = await startTwoHubs();
    [a, b] = pair.hubs;
    // Sign-ups are limited per address (10 in 10 minutes, on every hub) and projects per plan:
    // the same people and project take part in each case, each case on a document of its own.
    people = {
      owner: await signUpOver(a.url, 'owner'),
      editor: await signUpOver(b.url, 'editor'),
      viewer: await signUpOver(b.url, 'viewer'),
    };
    ({ projectId } = await people.owner.client.workbench.create.mutate({ kind: 'workbench', name: '跨服' }));
    await joinProject(people.owner, projectId, [
      [people.editor, 'editor'],
      [people.viewer, 'viewer'],
    ]);
  }, 120_000);

  afterAll(async () => {
    for (const socket of raws) socket.close();
    closeAll();
    await pair?.close();
  });

  /** The people, the project, and a fresh text document of it. */
  async function workbench() {
    const document = await people.owner.client.workbench.createDocument.mutate({
      projectId,
      title: '攻防稿',
    });
    return { ...people, projectId, documentId: document.id };
  }

  /** Both hubs answer, and an edit made on A reaches a reader on B. */
  async function healthy(documentId: string, cookie: string): Promise<void> {
    for (const hub of [a, b]) expect((await fetch(`${hub.url}/api/health`)).status).toBe(200);
    const writer = open(a.url, documentId, { cookie });
    const reader = open(b.url, documentId, { cookie });
    await Promise.all([writer.synced(), reader.synced()]);
    const mark = `健康-${Math.random().toString(36).slice(2, 8)}`;
    writer.doc.getText('health').insert(0, mark);
    await untilTrue(() => reader.doc.getText('health').toString().includes(mark));
  }

  /** Every awareness state a listener saw (the largest, and each client's last), and how many updates per client. */
  function watchPresence(client: DocClient) {
    const seen = { largest: 0, updates: new Map<number, number>() };
    client.provider.awareness.on('update', ({ added, updated }: { added: number[]; updated: number[] }) => {
      for (const id of [...added, ...updated]) {
        const state = client.provider.awareness.getStates().get(id);
        seen.largest = Math.max(seen.largest, JSON.stringify(state ?? null).length);
        seen.updates.set(id, (seen.updates.get(id) ?? 0) + 1);
      }
    });
    const stateOf = (id: number) =>
      client.provider.awareness.getStates().get(id) as Record<string, unknown> | undefined;
    return { seen, stateOf };
  }

  it('refuses a 3 MiB presence message, relays it to nobody on either hub, and names everyone from their account', async () => {
    const { owner, editor, viewer, documentId } = await workbench();
    const onA = open(a.url, documentId, { cookie: owner.cookie });
    const onB = open(b.url, documentId, { cookie: editor.cookie });
    await Promise.all([onA.synced(), onB.synced()]);
    const listeners = [watchPresence(onA), watchPresence(onB)];
    onA.provider.awareness.setLocalStateField('user', {
      name: '自称组长',
      color: 'hsl(0 70% 45%)',
      role: 'owner',
    });

    const attacker = raw(a.url, documentId, { cookie: viewer.cookie });
    await attacker.opened;
    attacker.sendAwareness([
      { clientId: 4242, clock: 1, state: { user: { name: 'owner' }, junk: 'x'.repeat(3 * 1024 * 1024) } },
    ]);
    expect(await within(attacker.closed)).toEqual({ code: 4413, reason: 'awareness-too-large' });
    expect(attacker.notices.map((n) => n.code)).toEqual(['awareness-too-large']);
    // Trying again at once is refused at the door, the same way, without a look-up.
    const retry = raw(a.url, documentId, { cookie: viewer.cookie });
    expect(await within(retry.closed)).toEqual({ code: 4413, reason: 'awareness-too-large' });
    expect(retry.notices.map((n) => n.code)).toEqual(['awareness-too-large']);

    // Another try, small, once let in again: it claims the owner's name and the owner's own client id.
    const impostor = await until(
      async () => {
        const socket = raw(a.url, documentId, { cookie: viewer.cookie });
        return { socket, admitted: await socket.admitted };
      },
      (attempt) => attempt.admitted,
      15_000,
      250,
    ).then((attempt) => attempt.socket);
    impostor.sendAwareness([
      { clientId: onA.doc.clientID, clock: 999, state: { user: { name: '劫持' } } },
      {
        clientId: 4343,
        clock: 1,
        state: { user: { name: 'owner', color: 'hsl(1 2% 3%)', role: 'owner' }, marker: 1 },
      },
    ]);
    for (const { stateOf } of listeners) await untilTrue(() => stateOf(4343)?.marker === 1);
    for (const { seen, stateOf } of listeners) {
      expect(stateOf(4343)!.user).toEqual({
        name: 'viewer',
        color: expect.stringMatching(HEX_COLOR),
        role: 'viewer',
      });
      expect(seen.largest).toBeLessThan(YJS_LIMITS.awarenessBytes);
      expect(seen.updates.has(4242)).toBe(false);
    }
    // The owner's presence is the owner's account, never the impostor's nor the name it typed.
    await untilTrue(
      () =>
        (listeners[1]!.stateOf(onA.doc.clientID)?.user as { name?: string } | undefined)?.name === 'owner',
    );
    expect(listeners[1]!.stateOf(onA.doc.clientID)!.user).toEqual({
      name: 'owner',
      color: expect.stringMatching(HEX_COLOR),
      role: 'owner',
    });
    expect(impostor.open).toBe(true);
    await healthy(documentId, editor.cookie);
  }, 120_000);

  it('relays at most a bounded rate of presence messages per socket, never losing the latest', async () => {
    const { editor, viewer, documentId } = await workbench();
    const listener = open(b.url, documentId, { cookie: editor.cookie });
    await listener.synced();
    const { seen, stateOf } = watchPresence(listener);
    const flood = raw(a.url, documentId, { cookie: viewer.cookie });
    await flood.opened;
    const sentAt = Date.now();
    for (let n = 0; n < 200; n++) flood.sendAwareness([{ clientId: 5050, clock: n + 1, state: { n } }]);
    await untilTrue(() => stateOf(5050)?.n === 199);
    const seconds = (Date.now() - sentAt) / 1000;
    expect(seen.updates.get(5050)).toBeLessThanOrEqual(
      YJS_LIMITS.awarenessBurst + Math.ceil(seconds * YJS_LIMITS.awarenessPerSecond) + 1,
    );
    expect(flood.open).toBe(true);
    await healthy(documentId, editor.cookie);
  }, 120_000);

  it('closes the document sockets of a session that signs out, and of every session signed out everywhere, on both hubs', async () => {
    const { owner, projectId, documentId } = await workbench();
    // One account, two sessions (two devices), signed in over HTTP.
    const email = `member-${Date.now()}@bianshi.test`;
    const first = new CookieJar();
    const firstClient = browserClient({ url: a.url }, first).client;
    const member = await firstClient.auth.signUp.mutate({
      email,
      password: 'correct horse battery',
      displayName: 'member',
    });
    const second = new CookieJar();
    const secondClient = browserClient({ url: b.url }, second).client;
    await secondClient.auth.signIn.mutate({ email, password: 'correct horse battery' });
    const invite = await owner.client.workbench.createInvite.mutate({
      projectId,
      role: 'editor',
      expiresInHours: 24,
    });
    await firstClient.workbench.acceptInvite.mutate({ token: invite.token });

    const firstOnA = raw(a.url, documentId, { cookie: first.header() });
    const firstOnB = raw(b.url, documentId, { cookie: first.header() });
    const secondOnB = open(b.url, documentId, { cookie: second.header() });
    await Promise.all([firstOnA.opened, firstOnB.opened, secondOnB.synced()]);
    const secondClosed = terminalClose(secondOnB);

    // This device signs out on hub A: its sockets on A and B close, the other device's stays.
    await firstClient.auth.signOut.mutate();
    expect(await within(firstOnA.closed)).toEqual({ code: 4401, reason: 'signed-out' });
    expect(await within(firstOnB.closed)).toEqual({ code: 4401, reason: 'signed-out' });
    expect(firstOnB.notices.map((n) => n.code)).toEqual(['signed-out']);
    const reader = open(a.url, documentId, { cookie: owner.cookie });
    await reader.synced();
    secondOnB.doc.getText('t').insert(0, '另一台设备');
    await untilTrue(() => reader.doc.getText('t').toString().includes('另一台设备'));

    // The other device signs out everywhere on hub B: nothing of the account stays open.
    await secondClient.auth.signOutEverywhere.mutate();
    await untilTrue(() => secondClosed() !== null, 15_000);
    expect(secondClosed()).toEqual({ code: 4401, reason: 'signed-out' });
    // Nothing it types now is stored.
    secondOnB.doc.getText('t').insert(0, '退出后');
    const later = open(b.url, documentId, { cookie: owner.cookie });
    await later.synced();
    await healthy(documentId, owner.cookie);
    expect(later.doc.getText('t').toString()).not.toContain('退出后');
    expect(member.id).toBeTruthy();
  }, 120_000);

  it('closes a deleted document’s sockets on both hubs', async () => {
    const { owner, editor, documentId } = await workbench();
    const onA = open(a.url, documentId, { cookie: editor.cookie });
    const onB = open(b.url, documentId, { cookie: editor.cookie });
    await Promise.all([onA.synced(), onB.synced()]);
    const closes = [terminalClose(onA), terminalClose(onB)];
    await owner.client.workbench.deleteDocument.mutate({ documentId });
    for (const closed of closes) {
      await untilTrue(() => closed() !== null, 15_000);
      expect(closed()).toEqual({ code: 4404, reason: 'not-found' });
    }
    expect(onB.notices.map((n) => n.code)).toEqual(['not-found']);
    const { documentId: other } = await workbench();
    await healthy(other, editor.cookie);
  }, 120_000);

  it('closes an invite link’s sockets on both hubs when it expires, and stores nothing after', async () => {
    const { owner, projectId, documentId } = await workbench();
    const invite = await owner.client.workbench.createInvite.mutate({
      projectId,
      role: 'editor',
      expiresInHours: 1,
    });
    // The API offers an hour at least; the database brings the expiry to a few seconds from now.
    const sql = postgres(pair.databaseUrl, { max: 1, onnotice: () => {} });
    const [row] = await sql<{ expires_at: Date }[]>`
      update yjs_invites set expires_at = now() + interval '8 seconds' where id = ${invite.id} returning expires_at`;
    await sql.end();
    const expiresAt = row!.expires_at.getTime();

    const guests = [
      raw(a.url, documentId, { invite: invite.token }),
      raw(b.url, documentId, { invite: invite.token }),
    ];
    await Promise.all(guests.map((guest) => guest.opened));
    const reader = open(a.url, documentId, { cookie: owner.cookie });
    await reader.synced();
    const editor = new Y.Doc();
    const updates: Uint8Array[] = [];
    editor.on('update', (update: Uint8Array) => updates.push(update));
    editor.getText('t').insert(0, '到期前');
    guests[1]!.sendUpdate(updates.at(-1)!);
    await untilTrue(() => reader.doc.getText('t').toString().includes('到期前'));

    for (const guest of guests) {
      expect(await within(guest.closed)).toEqual({ code: 4410, reason: 'invite-expired' });
      expect(guest.notices.map((n) => n.code)).toEqual(['invite-expired']);
    }
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt - 200);
    // Coming back with it is refused at once.
    const late = raw(b.url, documentId, { invite: invite.token });
    expect(await within(late.closed)).toEqual({ code: 4410, reason: 'invite-expired' });
    await until(
      () => owner.client.workbench.members.query({ projectId }),
      (members) => members.invites.some((i) => i.id === invite.id && i.expired),
    );
    await healthy(documentId, owner.cookie);
  }, 120_000);
});
