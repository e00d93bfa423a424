import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { createAccount, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { until, untilTrue } from '../support/until';
import { openDoc, type DocClient } from '../support/yjs';

/** The y-websocket protocol on `/api/yjs/<document>` with real `WebsocketProvider` clients. */
describe('Yjs documents over the y-websocket protocol', () => {
  let hub: TestHub;
  let owner: TestAccount;
  let editor: TestAccount;
  let viewer: TestAccount;
  let outsider: TestAccount;
  let projectId: string;
  let documentId: string;
  const clients: DocClient[] = [];
  const open = (...args: Parameters<typeof openDoc>) => {
    const client = openDoc(...args);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    hub = await startHub();
    [owner, editor, viewer, outsider] = await Promise.all([
      createAccount(hub, 'owner'),
      createAccount(hub, 'editor'),
      createAccount(hub, 'viewer'),
      createAccount(hub, 'outsider'),
    ]);
    ({ projectId } = await owner.client.workbench.create.mutate({
      kind: 'workbench',
      name: '校赛备赛',
      team: '辩论队',
      motion: '人工智能利大于弊',
    }));
    const detail = await owner.client.workbench.get.query({ projectId });
    documentId = detail.documents.find((d) => d.kind === 'text')!.id;
    for (const [account, role] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      const invite = await owner.client.workbench.createInvite.mutate({
        projectId,
        role,
        expiresInHours: 24,
      });
      await account.client.workbench.acceptInvite.mutate({ token: invite.token });
    }
  }, 60_000);

  afterAll(async () => {
    for (const client of clients) client.close();
    await hub?.close();
  });

  it('converges two clients after concurrent edits, and a late joiner gets the full state', async () => {
    const a = open(hub.url, documentId, { cookie: owner.cookie });
    const b = open(hub.url, documentId, { cookie: editor.cookie });
    await Promise.all([a.synced(), b.synced()]);
    // Concurrent: both edit before either hears of the other.
    a.doc.transact(() => a.doc.getText('t').insert(0, '正方：'));
    b.doc.transact(() => b.doc.getText('t').insert(0, '反方：'));
    a.doc.getArray('cards').push([{ quote: '资料一' }]);
    b.doc.getArray('cards').push([{ quote: '资料二' }]);
    await untilTrue(
      () =>
        a.doc.getText('t').toString().length === 6 &&
        a.doc.getText('t').toString() === b.doc.getText('t').toString(),
    );
    await untilTrue(() => a.doc.getArray('cards').length === 2 && b.doc.getArray('cards').length === 2);
    expect(a.doc.getText('t').toString()).toContain('正方：');
    expect(a.doc.getText('t').toString()).toContain('反方：');

    const late = open(hub.url, documentId, { cookie: viewer.cookie });
    await late.synced();
    expect(late.doc.getText('t').toString()).toBe(a.doc.getText('t').toString());
    expect(late.doc.getArray('cards').toJSON()).toEqual(a.doc.getArray('cards').toJSON());
  });

  it('shows who is here, and forgets a person whose socket closed', async () => {
    const a = open(hub.url, documentId, { cookie: owner.cookie });
    const b = open(hub.url, documentId, { cookie: editor.cookie });
    await Promise.all([a.synced(), b.synced()]);
    // Each shows under its account's name and role, whatever it typed (the hub writes them).
    a.provider.awareness.setLocalStateField('user', { name: '甲', color: '#c00', role: 'owner' });
    b.provider.awareness.setLocalStateField('user', { name: '乙', color: '#00c', role: 'owner' });
    const names = () =>
      [...a.provider.awareness.getStates().entries()]
        .filter(([id]) => id !== a.doc.clientID)
        .map(([, state]) => (state as { user?: { name: string; role: string } }).user)
        .filter(Boolean)
        .map((user) => `${user!.name}:${user!.role}`);
    await untilTrue(() => names().join() === `${editor.email.split('@')[0]}:editor`);
    b.close();
    await untilTrue(() => names().length === 0);
  });

  it('refuses a viewer’s update on the hub and tells the viewer in Chinese', async () => {
    const writer = open(hub.url, documentId, { cookie: owner.cookie });
    const reader = open(hub.url, documentId, { cookie: viewer.cookie });
    await Promise.all([writer.synced(), reader.synced()]);
    reader.doc.getText('t').insert(0, '偷改');
    await untilTrue(() => reader.notices.length > 0);
    expect(reader.notices[0]).toMatchObject({ code: 'read-only' });
    expect(reader.notices[0]!.message).toMatch(/只能查看或评论/);
    // A later edit by the owner arrives everywhere; the viewer's never reaches anyone.
    writer.doc.getText('t').insert(0, '标记');
    const fresh = open(hub.url, documentId, { cookie: editor.cookie });
    await fresh.synced();
    await untilTrue(() => fresh.doc.getText('t').toString().startsWith('标记'));
    expect(fresh.doc.getText('t').toString()).not.toContain('偷改');
    expect(writer.doc.getText('t').toString()).not.toContain('偷改');
    // And it was not stored either.
    const stored = await hub.services.yjs.workbench.compare(
      documentId,
      { userId: owner.id },
      (await owner.client.workbench.saveVersion.mutate({ documentId, name: '检查' })).id,
      null,
    );
    expect(stored.lines.map((line) => line.text).join('')).not.toContain('偷改');
  });

  it('refuses at the upgrade with a close y-websocket stops on: no credential, an outsider, an unknown document, another site', async () => {
    /** How the hub ends a socket to `path` (the upgrade itself always succeeds: browsers hide HTTP statuses). */
    const ending = (path: string, headers: Record<string, string>) =>
      new Promise<{ code: number; reason: string } | 'open'>((resolve) => {
        const socket = new WebSocket(hub.url.replace('http', 'ws') + path, { headers });
        socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
        socket.on('message', (data: Buffer) => {
          // The hub's sync step 1 (message 0) comes only to a socket that is in; a refusal's notice is 20.
          if (data[0] !== 0) return;
          resolve('open');
          socket.close();
        });
        socket.on('error', () => {});
      });
    const sameSite = { origin: hub.url };
    expect(await ending(`/api/yjs/${documentId}`, sameSite)).toEqual({
      code: 4401,
      reason: 'sign-in-required',
    });
    expect(await ending(`/api/yjs/${documentId}`, { ...sameSite, cookie: outsider.cookie })).toEqual({
      code: 4403,
      reason: 'no-access',
    });
    expect(await ending('/api/yjs/no-such-document', { ...sameSite, cookie: owner.cookie })).toEqual({
      code: 4404,
      reason: 'not-found',
    });
    expect(await ending(`/api/yjs/${documentId}`, { ...sameSite, cookie: owner.cookie })).toBe('open');
    // A cookie sent by another site's page is not honoured (cross-site WebSocket hijacking).
    expect(
      await ending(`/api/yjs/${documentId}`, { origin: 'https://evil.example', cookie: owner.cookie }),
    ).toEqual({
      code: 4401,
      reason: 'sign-in-required',
    });
  });

  it('lets an invite token open the document with the invite’s role, and closes it when revoked', async () => {
    const invite = await owner.client.workbench.createInvite.mutate({
      projectId,
      role: 'viewer',
      expiresInHours: 1,
    });
    const guest = open(hub.url, documentId, { invite: invite.token });
    await guest.synced();
    expect(guest.doc.getText('t').length).toBeGreaterThan(0);
    await owner.client.workbench.revokeInvite.mutate({ projectId, inviteId: invite.id });
    await untilTrue(() => guest.closes.some((c) => c.code === 4410));
    expect(guest.notices.map((n) => n.code)).toContain('access-revoked');
  });

  it('closes a removed member’s socket and a downgraded editor can no longer write', async () => {
    const member = await createAccount(hub, 'member');
    const invite = await owner.client.workbench.createInvite.mutate({
      projectId,
      role: 'editor',
      expiresInHours: 1,
    });
    await member.client.workbench.acceptInvite.mutate({ token: invite.token });
    await owner.client.workbench.revokeInvite.mutate({ projectId, inviteId: invite.id });
    const socket = open(hub.url, documentId, { cookie: member.cookie });
    await socket.synced();
    await owner.client.workbench.setRole.mutate({ projectId, userId: member.id, role: 'viewer' });
    socket.doc.getText('t').insert(0, '降级后');
    await untilTrue(() => socket.notices.some((n) => n.code === 'read-only'));
    // The refused edit closes the socket (4403: y-websocket stops), so the client knows its copy is off.
    await untilTrue(() => socket.closes.some((c) => c.code === 4403 && c.reason === 'read-only'));
    const reading = open(hub.url, documentId, { cookie: member.cookie });
    await reading.synced();
    await owner.client.workbench.removeMember.mutate({ projectId, userId: member.id });
    await untilTrue(() => reading.closes.some((c) => c.code === 4410));
  });

  it('keeps named versions: list, compare and restore', async () => {
    const writer = open(hub.url, documentId, { cookie: owner.cookie });
    await writer.synced();
    const text = writer.doc.getXmlFragment('default');
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText('第一版论点')]);
    text.insert(0, [paragraph]);
    await until(
      () => owner.client.workbench.versions.query({ documentId }),
      () => true,
    );
    const first = await until(
      async () => {
        const saved = await owner.client.workbench.saveVersion.mutate({ documentId, name: '初稿' });
        const diff = await owner.client.workbench.compareVersions.query({
          documentId,
          fromVersionId: saved.id,
          toVersionId: null,
        });
        return { saved, diff };
      },
      ({ diff }) => diff.lines.length > 0,
    );
    (text.get(0) as Y.XmlElement).insert(1, [new Y.XmlText('，第二版')]);
    await untilTrue(() => true);
    const compared = await until(
      () =>
        owner.client.workbench.compareVersions.query({
          documentId,
          fromVersionId: first.saved.id,
          toVersionId: null,
        }),
      (diff) => diff.lines.some((line) => line.op === 'added' && line.text.includes('第二版')),
    );
    expect(compared.lines.some((line) => line.op === 'removed' && line.text === '第一版论点')).toBe(true);
    const list = await owner.client.workbench.versions.query({ documentId });
    expect(list.map((v) => v.name)).toContain('初稿');

    await owner.client.workbench.restoreVersion.mutate({ documentId, versionId: first.saved.id });
    await untilTrue(() => !writer.doc.getXmlFragment('default').toString().includes('第二版'));
    expect(writer.doc.getXmlFragment('default').toString()).toContain('第一版论点');
    // A viewer may not restore.
    await expect(
      viewer.client.workbench.restoreVersion.mutate({ documentId, versionId: first.saved.id }),
    ).rejects.toThrow(/只有编辑者和所有者/);
  });

  it('folds the log into a snapshot when a document unloads, and loads the same state again', async () => {
    const writer = open(hub.url, documentId, { cookie: owner.cookie });
    await writer.synced();
    writer.doc.getText('compact').insert(0, '压缩前后一致');
    const witness = open(hub.url, documentId, { cookie: editor.cookie });
    await witness.synced();
    await untilTrue(() => witness.doc.getText('compact').toString() === '压缩前后一致');
    const before = Y.encodeStateVector(writer.doc);
    for (const client of clients.splice(0)) client.close();
    await hub.services.yjs.registry.close();
    expect(hub.services.yjs.registry.loaded).toBe(0);
    const repository = (
      hub.services.yjs.workbench as unknown as {
        repository: { pendingUpdateCount(id: string): Promise<number> };
      }
    ).repository;
    expect(await repository.pendingUpdateCount(documentId)).toBe(0);
    const reader = open(hub.url, documentId, { cookie: owner.cookie });
    await reader.synced();
    expect(reader.doc.getText('compact').toString()).toBe('压缩前后一致');
    expect(Y.decodeStateVector(Y.encodeStateVector(reader.doc))).toEqual(Y.decodeStateVector(before));
  });
});
