import { YJS_LIMITS } from '@bianshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admittedAndRefused,
  createAccount,
  outcome,
  signedInOn,
  type TestAccount,
} from '../support/accounts';
import { startHub, startHubsOnOnePostgres, type TestHub } from '../support/hub';
import { untilTrue } from '../support/until';
import { docClients } from '../support/yjs';

/**
 * Limits of documents, each refused with a Chinese message: the size of one update and of a
 * whole document, the message rate of one socket (real `WebsocketProvider`s), and the projects
 * and documents an account may own and the people on its workbenches, from its plan (a trial
 * here: content/pricing.md).
 */
describe('document limits', () => {
  let hub: TestHub;
  let owner: TestAccount;
  let documentId: string;
  const { open, closeAll } = docClients();

  beforeAll(async () => {
    hub = await startHub();
    owner = await createAccount(hub, 'limits');
    const { projectId } = await owner.client.workbench.create.mutate({ kind: 'workbench', name: '上限' });
    const detail = await owner.client.workbench.get.query({ projectId });
    documentId = detail.documents.find((d) => d.kind === 'cards')!.id;
  }, 120_000);

  afterAll(async () => {
    closeAll();
    await hub?.close();
  });

  it('refuses an update larger than the limit and keeps it from everyone', async () => {
    const writer = open(hub.url, documentId, { cookie: owner.cookie });
    const witness = open(hub.url, documentId, { cookie: owner.cookie });
    await Promise.all([writer.synced(), witness.synced()]);
    writer.doc.getArray('big').push(['字'.repeat(YJS_LIMITS.updateBytes / 2)]);
    await untilTrue(() => writer.notices.some((n) => n.code === 'update-too-large'));
    expect(writer.notices.find((n) => n.code === 'update-too-large')!.message).toBe(
      '这次修改太大（单次最多 512 KB），没有被保存。请分几次粘贴。',
    );
    // Others' edits go on; the refused one reached nobody.
    witness.doc.getArray('small').push(['别人的小修改照常保存']);
    const reader = open(hub.url, documentId, { cookie: owner.cookie });
    await reader.synced();
    await untilTrue(() => reader.doc.getArray('small').length === 1);
    expect(reader.doc.getArray('big').length).toBe(0);
  });

  it('refuses updates once the document would pass its size limit', async () => {
    const writer = open(hub.url, documentId, { cookie: owner.cookie });
    await writer.synced();
    const chunk = 'x'.repeat(400 * 1024);
    const rounds = Math.ceil(YJS_LIMITS.documentBytes / chunk.length) + 1;
    for (let i = 0; i < rounds; i++) writer.doc.getArray('chunks').push([chunk]);
    await untilTrue(() => writer.notices.some((n) => n.code === 'document-too-large'), 30_000);
    expect(writer.notices.find((n) => n.code === 'document-too-large')!.message).toMatch(
      /^文档已达到大小上限（4096 KB），新的修改没有被保存。/,
    );
    const reader = open(hub.url, documentId, { cookie: owner.cookie });
    await reader.synced();
    expect(reader.doc.getArray('chunks').length).toBeLessThan(rounds);
    expect(reader.doc.getArray('chunks').length).toBeGreaterThanOrEqual(rounds - 2);
  }, 120_000);

  it('closes a socket that sends faster than the rate limit, telling it why', async () => {
    const flood = open(hub.url, documentId, { cookie: owner.cookie });
    await flood.synced();
    const counter = flood.doc.getMap('counter');
    for (let i = 0; i < YJS_LIMITS.messageBurst + 100; i++) counter.set('n', i);
    await untilTrue(() => flood.closes.some((c) => c.code === 4529));
    expect(flood.notices.find((n) => n.code === 'rate-limited')!.message).toBe(
      '修改太频繁，连接已暂停，稍后会自动重连。',
    );
    // y-websocket reconnects (45xx) and the last state reaches the hub.
    const reader = open(hub.url, documentId, { cookie: owner.cookie });
    await reader.synced();
    await untilTrue(() => reader.doc.getMap('counter').get('n') === YJS_LIMITS.messageBurst + 99, 30_000);
  }, 120_000);

  it('limits workbench projects and documents to the account’s plan', async () => {
    const account = await createAccount(hub, 'plan');
    const made: string[] = [];
    for (let i = 0; i < 3; i++)
      made.push(
        (await account.client.workbench.create.mutate({ kind: 'workbench', name: `项目${i}` })).projectId,
      );
    const fourth = await outcome(
      account.client.workbench.create.mutate({ kind: 'workbench', name: '第四个' }),
    );
    expect(fourth).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
      reason: 'plan-limit',
      message:
        '当前方案（试用版）的「备赛工作台项目」上限为 3 个；需要教育版才能创建更多工作台项目。详见 /pricing',
    });
    // 3 projects of 3 documents each; the trial allows 60 documents, flows included.
    for (let i = 9; i < 59; i++)
      await account.client.workbench.createDocument.mutate({ projectId: made[0]!, title: `文档${i}` });
    await account.client.workbench.create.mutate({ kind: 'flow', name: '第 60 个文档' });
    const over = await outcome(
      account.client.workbench.createDocument.mutate({ projectId: made[1]!, title: '超出' }),
    );
    expect(over).toMatchObject({
      ok: false,
      reason: 'plan-limit',
      message:
        '当前方案（试用版）的「工作台与流程单文档」上限为 60 个；需要教育版才能创建更多文档。详见 /pricing',
    });
    expect(
      await outcome(account.client.workbench.create.mutate({ kind: 'flow', name: '也超出' })),
    ).toMatchObject({ ok: false, reason: 'plan-limit' });
    // Deleting a document frees its place.
    const detail = await account.client.workbench.get.query({ projectId: made[0]! });
    await account.client.workbench.deleteDocument.mutate({ documentId: detail.documents.at(-1)!.id });
    await account.client.workbench.createDocument.mutate({ projectId: made[1]!, title: '又能建了' });
  }, 120_000);

  it('limits the people on a workbench to its owner’s plan, and a removed member frees a place', async () => {
    const lead = await createAccount(hub, 'team-lead');
    const { projectId } = await lead.client.workbench.create.mutate({ kind: 'workbench', name: '五人队' });
    const invite = await lead.client.workbench.createInvite.mutate({
      projectId,
      role: 'viewer',
      expiresInHours: 24,
    });
    // The trial allows 5 people on a project: its owner and four members.
    const team = await Promise.all([1, 2, 3, 4, 5].map((n) => createAccount(hub, `team-${n}`)));
    for (const member of team.slice(0, 4))
      await member.client.workbench.acceptInvite.mutate({ token: invite.token });
    const fifth = await outcome(team[4]!.client.workbench.acceptInvite.mutate({ token: invite.token }));
    expect(fifth).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
      reason: 'plan-limit',
      message:
        '当前方案（试用版）的「每个工作台项目的成员」上限为 5 人；需要教育版才能邀请更多成员。详见 /pricing',
    });
    // The owner sees the places: five people of five.
    expect(await lead.client.workbench.members.query({ projectId })).toMatchObject({
      seats: 5,
      members: { length: 4 },
    });
    // A member opening the link again is not a newcomer; a stronger link still upgrades them.
    await team[0]!.client.workbench.acceptInvite.mutate({ token: invite.token });
    const editors = await lead.client.workbench.createInvite.mutate({
      projectId,
      role: 'editor',
      expiresInHours: 1,
    });
    expect((await team[1]!.client.workbench.acceptInvite.mutate({ token: editors.token })).role).toBe(
      'editor',
    );
    await lead.client.workbench.removeMember.mutate({ projectId, userId: team[3]!.id });
    expect((await team[4]!.client.workbench.acceptInvite.mutate({ token: invite.token })).role).toBe(
      'viewer',
    );
  }, 120_000);
});

describe('workbench limits under racing requests (two hubs, one Postgres)', () => {
  let pair: Awaited<ReturnType<typeof startHubsOnOnePostgres>> | undefined;
  let hubs: TestHub[] = [];

  beforeAll(async () => {
    pair = await startHubsOnOnePostgres(2);
    hubs = pair.hubs;
  }, 120_000);

  afterAll(async () => {
    await pair?.close();
  });

  it('admits exactly as many newcomers as places remain when they accept at the same instant', async () => {
    const [a, b] = hubs as [TestHub, TestHub];
    const lead = await createAccount(a, 'race-lead');
    const { projectId } = await lead.client.workbench.create.mutate({ kind: 'workbench', name: '抢位' });
    const invite = await lead.client.workbench.createInvite.mutate({
      projectId,
      role: 'viewer',
      expiresInHours: 1,
    });
    // The trial's five places: the owner and three members leave one.
    for (const n of [1, 2, 3])
      await (
        await createAccount(a, `race-seated-${n}`)
      ).client.workbench.acceptInvite.mutate({ token: invite.token });
    const racers = [
      await createAccount(a, 'race-a1'),
      await createAccount(a, 'race-a2'),
      await createAccount(b, 'race-b1'),
      await createAccount(b, 'race-b2'),
    ];
    const outcomes = await Promise.all(
      racers.map((racer) => outcome(racer.client.workbench.acceptInvite.mutate({ token: invite.token }))),
    );
    expect(admittedAndRefused(outcomes)).toEqual({ admitted: 1, refused: 3 });
    expect(await lead.client.workbench.members.query({ projectId })).toMatchObject({
      seats: 5,
      members: { length: 4 },
    });
  }, 120_000);

  it('lets exactly one of six simultaneous project creations take the last place', async () => {
    const [a, b] = hubs as [TestHub, TestHub];
    const owner = await createAccount(a, 'race-projects');
    const onB = signedInOn(b, owner);
    // The trial's three workbench projects: two leave one place.
    for (const name of ['一', '二']) await owner.client.workbench.create.mutate({ kind: 'workbench', name });
    const outcomes = await Promise.all(
      [owner.client, onB, owner.client, onB, owner.client, onB].map((client, i) =>
        outcome(client.workbench.create.mutate({ kind: 'workbench', name: `抢位 ${i}` })),
      ),
    );
    expect(admittedAndRefused(outcomes)).toEqual({ admitted: 1, refused: 5 });
  }, 120_000);
});
