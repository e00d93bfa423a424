/**
 * The public topic library: an account's topic group is its own until it publishes it and an
 * admin approves (pending and rejected groups are not public; a rejection carries its note);
 * a public tournament's released motions join the public library once the tournament is over,
 * with the tournament and round as their source, once however often it runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tournamentGroupId } from '../../hub/src/tournaments/tournament-motions';
import { createAccount, outcome, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { httpClient } from '../support/trpc';

let hub: TestHub;
let owner: TestAccount;
let stranger: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  hub = await startHub();
  [owner, stranger, admin] = await Promise.all([
    createAccount(hub, 'pub-owner'),
    createAccount(hub, 'pub-stranger'),
    createAccount(hub, 'pub-admin'),
  ]);
  await hub.services.auth.setAdmin(admin.email, true);
}, 60_000);

afterAll(async () => hub?.close());

describe('publishing a topic group', () => {
  it('keeps a new group its owner’s until an admin approves it; a rejection says why', async () => {
    const anonymous = httpClient(hub.url);
    const { id } = await owner.client.library.topics.createGroup.mutate({ group: { name: '发布测试合集' } });
    await owner.client.library.topics.addTopic.mutate({
      groupId: id,
      topic: { text: '发布测试：远程办公利大于弊' },
    });
    const publicNames = async () =>
      (await anonymous.library.topics.groups.query()).map((group) => group.name);
    const publicFinds = async () =>
      (await anonymous.library.topics.search.query({ q: '发布测试' })).map((topic) => topic.text);

    // Private: the owner sees it; the public, a stranger and search do not.
    expect((await owner.client.library.topics.group.query({ id })).group.visibility).toBe('private');
    expect(await publicNames()).not.toContain('发布测试合集');
    expect(await publicFinds()).toEqual([]);
    expect((await anonymous.library.topics.all.query()).map((topic) => topic.text)).not.toContain(
      '发布测试：远程办公利大于弊',
    );
    expect(await outcome(stranger.client.library.topics.group.query({ id }))).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect((await owner.client.library.topics.search.query({ q: '发布测试' })).map((t) => t.text)).toEqual([
      '发布测试：远程办公利大于弊',
    ]);
    expect(await outcome(stranger.client.library.topics.publishGroup.mutate({ id }))).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });

    // Published: pending, still not public; only admins see the queue.
    expect(await owner.client.library.topics.publishGroup.mutate({ id })).toMatchObject({
      visibility: 'pending',
    });
    expect(await publicNames()).not.toContain('发布测试合集');
    expect(await outcome(owner.client.library.topics.pendingGroups.query())).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect((await admin.client.library.topics.pendingGroups.query()).map((group) => group.id)).toContain(id);

    // Rejected: a note is required, the owner reads it, it stays out of the public library.
    expect(
      await outcome(admin.client.library.topics.reviewGroup.mutate({ id, decision: 'reject', note: ' ' })),
    ).toMatchObject({ ok: false, code: 'BAD_REQUEST', message: '退回时请写明原因，创建者会看到' });
    await admin.client.library.topics.reviewGroup.mutate({ id, decision: 'reject', note: '请补充辩题来源' });
    expect((await owner.client.library.topics.group.query({ id })).group).toMatchObject({
      visibility: 'rejected',
      reviewNote: '请补充辩题来源',
    });
    expect(await publicNames()).not.toContain('发布测试合集');
    expect(
      await outcome(admin.client.library.topics.reviewGroup.mutate({ id, decision: 'approve' })),
    ).toMatchObject({ ok: false, code: 'CONFLICT' });

    // Published again and approved: public for everyone.
    await owner.client.library.topics.publishGroup.mutate({ id });
    expect(await admin.client.library.topics.reviewGroup.mutate({ id, decision: 'approve' })).toMatchObject({
      visibility: 'public',
    });
    expect(await publicNames()).toContain('发布测试合集');
    expect(await publicFinds()).toEqual(['发布测试：远程办公利大于弊']);
    expect((await stranger.client.library.topics.group.query({ id })).topics).toHaveLength(1);
    expect((await admin.client.library.topics.pendingGroups.query()).map((group) => group.id)).not.toContain(
      id,
    );

    // The owner's later change goes back to review; an admin's does not.
    await owner.client.library.topics.addTopic.mutate({ groupId: id, topic: { text: '发布测试：第二题' } });
    expect((await owner.client.library.topics.group.query({ id })).group.visibility).toBe('pending');
    expect(await publicNames()).not.toContain('发布测试合集');
    await admin.client.library.topics.reviewGroup.mutate({ id, decision: 'approve' });
    await admin.client.library.topics.addTopic.mutate({ groupId: id, topic: { text: '发布测试：第三题' } });
    expect((await anonymous.library.topics.group.query({ id })).group.visibility).toBe('public');
  });

  it('refuses to publish an empty group', async () => {
    const { id } = await owner.client.library.topics.createGroup.mutate({ group: { name: '空合集' } });
    expect(await outcome(owner.client.library.topics.publishGroup.mutate({ id }))).toMatchObject({
      ok: false,
      message: '合集里还没有辩题，添加后再发布',
    });
  });
});

describe('motions of a finished public tournament', () => {
  async function tournamentWithMotions(name: string, visibility: 'public' | 'unlisted') {
    // One tournament per account (the trial plan's limit).
    const owner = await createAccount(hub, 'motions');
    const slug = `motions-${visibility}-${Date.now().toString(36)}`;
    const { id: tournamentId } = await owner.client.tournament.create.mutate({
      tournament: { name, slug, judgesPerFixture: 0, visibility, startDate: '2026-05-01' },
    });
    await owner.client.tournament.importTeams.mutate({
      tournamentId,
      import: {
        source: 'csv',
        text: ['队名,学校', '甲队,甲校', '乙队,乙校', '丙队,丙校', '丁队,丁校'].join('\n'),
      },
    });
    await owner.client.tournament.generateDraw.mutate({
      tournamentId,
      draw: { poolCount: 1, seed: 'motions' },
    });
    // The motions come from the organizer's own (private) group.
    const { id: groupId } = await owner.client.library.topics.createGroup.mutate({
      group: { name: `${name}题目` },
    });
    const motion = (text: string) =>
      owner.client.library.topics.addTopic.mutate({ groupId, topic: { text, type: 'value' } });
    const caller = { id: owner.id, email: owner.email, displayName: '' };
    const view = await hub.services.tournaments.core.view(slug, caller);
    const [first, second, third] = view.rounds;
    const firstMotion = await motion(`${name}：第一轮辩题`);
    const secondMotion = await motion(`${name}：第二轮辩题`);
    const unreleased = await motion(`${name}：未公布的辩题`);
    await owner.client.tournament.setTopic.mutate({
      tournamentId,
      roundId: first!.id,
      topicId: firstMotion.id,
      releaseAt: null,
    });
    await owner.client.tournament.releaseTopic.mutate({ tournamentId, roundId: first!.id });
    await owner.client.tournament.setTopic.mutate({
      tournamentId,
      roundId: second!.id,
      topicId: secondMotion.id,
      releaseAt: null,
    });
    await owner.client.tournament.releaseTopic.mutate({ tournamentId, roundId: second!.id });
    // Set but never released: it stays secret.
    await owner.client.tournament.setTopic.mutate({
      tournamentId,
      roundId: third!.id,
      topicId: unreleased.id,
      releaseAt: null,
    });
    // The third round also has its own motions (prep by motion), released: they join in order.
    await owner.client.tournament.setRoundMotions.mutate({
      tournamentId,
      roundId: third!.id,
      motions: [
        { reference: '甲', text: `${name}：第三轮辩题甲`, infoSlide: '背景资料' },
        { reference: 'B', text: 'This House would ban zoos', infoSlide: '' },
      ],
    });
    await owner.client.tournament.releaseRoundMotions.mutate({ tournamentId, roundId: third!.id });
    const fixtures = view.rounds.flatMap((round) => round.fixtures);
    const decide = (fixtureId: string) =>
      owner.client.tournament.editResult.mutate({
        tournamentId,
        fixtureId,
        result: { winner: 'aff', votes: { aff: 1, neg: 0 } },
      });
    return { tournamentId, fixtures, rounds: [first!, second!, third!], decide, owner };
  }

  it('copies released motions with tournament and round once the last result is in, once only', async () => {
    const { tournamentId, fixtures, rounds, decide, owner } = await tournamentWithMotions('收录杯', 'public');
    const groupId = tournamentGroupId(tournamentId);
    const anonymous = httpClient(hub.url);
    for (const fixture of fixtures.slice(0, -1)) await decide(fixture.id);
    // Not over yet: nothing in the library.
    expect(await outcome(anonymous.library.topics.group.query({ id: groupId }))).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await anonymous.library.topics.search.query({ q: '收录杯' })).toEqual([]);

    await decide(fixtures.at(-1)!.id);
    const page = await anonymous.library.topics.group.query({ id: groupId });
    expect(page.group).toMatchObject({
      name: '收录杯',
      kind: 'tournament',
      year: 2026,
      visibility: 'public',
      tournamentId,
    });
    expect(page.topics.map((topic) => [topic.text, topic.source])).toEqual([
      ['收录杯：第一轮辩题', { tournament: '收录杯', round: rounds[0]!.name, year: 2026 }],
      ['收录杯：第二轮辩题', { tournament: '收录杯', round: rounds[1]!.name, year: 2026 }],
      ['收录杯：第三轮辩题甲', { tournament: '收录杯', round: rounds[2]!.name, year: 2026 }],
      ['This House would ban zoos', { tournament: '收录杯', round: rounds[2]!.name, year: 2026 }],
    ]);
    expect(page.topics[0]?.type).toBe('value');
    expect(page.topics.map((topic) => [topic.language, topic.infoSlide])).toEqual([
      ['zh', ''],
      ['zh', ''],
      ['zh', '背景资料'],
      ['en', ''],
    ]);
    expect((await anonymous.library.topics.search.query({ q: '收录杯' })).map((topic) => topic.text)).toEqual(
      ['收录杯：第一轮辩题', '收录杯：第二轮辩题', '收录杯：第三轮辩题甲', 'This House would ban zoos'],
    );

    // Idempotent: another change, or running it again, adds nothing.
    await decide(fixtures[0]!.id);
    expect(await hub.services.tournaments.motions.sync(tournamentId)).toBe(0);
    expect((await anonymous.library.topics.group.query({ id: groupId })).topics).toHaveLength(4);
    // Only admins edit it.
    expect(
      await outcome(owner.client.library.topics.addTopic.mutate({ groupId, topic: { text: '外加' } })),
    ).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
  });

  it('waits for the final of a knockout: the champion decided, the final’s motion joins', async () => {
    const organizer = await createAccount(hub, 'knockout');
    const slug = `motions-ko-${Date.now().toString(36)}`;
    const { id: tournamentId } = await organizer.client.tournament.create.mutate({
      tournament: { name: '淘汰收录杯', slug, judgesPerFixture: 0 },
    });
    await organizer.client.tournament.importTeams.mutate({
      tournamentId,
      import: {
        source: 'csv',
        text: ['队名,学校', '甲队,甲校', '乙队,乙校', '丙队,丙校', '丁队,丁校'].join('\n'),
      },
    });
    await organizer.client.tournament.generateDraw.mutate({
      tournamentId,
      draw: { poolCount: 2, seed: 'ko' },
    });
    const caller = { id: organizer.id, email: organizer.email, displayName: '' };
    const decideAll = async () => {
      const view = await hub.services.tournaments.core.view(slug, caller);
      for (const fixture of view.rounds.flatMap((round) => round.fixtures))
        if (!fixture.result?.confirmed)
          await organizer.client.tournament.editResult.mutate({
            tournamentId,
            fixtureId: fixture.id,
            result: { winner: 'aff', votes: { aff: 1, neg: 0 } },
          });
    };
    await decideAll();
    await organizer.client.tournament.createKnockout.mutate({
      tournamentId,
      knockout: { advancePerPool: 2 },
    });
    await decideAll();
    // Every fixture so far is decided, but the final is not drafted yet: not over.
    expect(await hub.services.tournaments.motions.isOver(tournamentId)).toBe(false);
    const roundId = (await organizer.client.tournament.advanceKnockout.mutate({ tournamentId })).roundId!;
    const { id: groupId } = await organizer.client.library.topics.createGroup.mutate({
      group: { name: '决赛题' },
    });
    const final = await organizer.client.library.topics.addTopic.mutate({
      groupId,
      topic: { text: '淘汰收录杯：决赛辩题' },
    });
    await organizer.client.tournament.setTopic.mutate({
      tournamentId,
      roundId,
      topicId: final.id,
      releaseAt: null,
    });
    await organizer.client.tournament.releaseTopic.mutate({ tournamentId, roundId });
    expect(await hub.services.tournaments.motions.isOver(tournamentId)).toBe(false);
    await decideAll();
    const page = await httpClient(hub.url).library.topics.group.query({
      id: tournamentGroupId(tournamentId),
    });
    expect(page.topics.map((topic) => [topic.text, topic.source])).toEqual([
      ['淘汰收录杯：决赛辩题', { tournament: '淘汰收录杯', round: '决赛', year: null }],
    ]);
  });

  it('leaves an unlisted tournament’s motions out of the public library', async () => {
    const { tournamentId, fixtures, decide } = await tournamentWithMotions('内部杯', 'unlisted');
    for (const fixture of fixtures) await decide(fixture.id);
    expect(await hub.services.tournaments.motions.isOver(tournamentId)).toBe(true);
    expect(await hub.services.tournaments.motions.sync(tournamentId)).toBe(0);
    expect(await httpClient(hub.url).library.topics.search.query({ q: '内部杯' })).toEqual([]);
  });
});
