/**
 * A round's motions on two hubs over one Postgres and one Redis: the organizer writes three
 * motions with info slides on hub A (hidden from the public until released), releases them, and a
 * display watching a room's timer on hub B shows all three; a room's debated motion is chosen and
 * its display follows; the motion statistics count decided rooms by side. Bad lists and choices
 * are refused in Chinese.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TournamentView } from '@bianshi/shared';
import { createAccount, outcome, type TestAccount } from '../support/accounts';
import { startHubPair, type TestHub } from '../support/hub';
import { wsClient } from '../support/trpc';
import { holds, until, untilTrue } from '../support/until';

const TEAMS_CSV = ['队名,学校', '甲队,一中', '乙队,二中', '丙队,三中', '丁队,四中'].join('\n');
const MOTIONS = [
  {
    reference: '经济',
    text: '本院支持全民基本收入',
    infoSlide: '全民基本收入：政府定期向每位公民无条件发放的现金。',
  },
  { reference: '科技', text: '本院认为人工智能利大于弊', infoSlide: '' },
  { reference: '', text: '本院会禁止校园内使用手机', infoSlide: '' },
];

describe('round motions on two hubs (Postgres + Redis)', () => {
  let close: (() => Promise<void>) | undefined;
  let a: TestHub;
  let b: TestHub;
  let owner: TestAccount;
  let tournamentId = '';
  const slug = `motions-${Date.now().toString(36)}`;

  beforeAll(async () => {
    ({ a, b, close } = await startHubPair());
    owner = await createAccount(a, 'motions-owner');
    ({ id: tournamentId } = await owner.client.tournament.create.mutate({
      tournament: {
        name: '多辩题测试赛',
        slug,
        judgesPerFixture: 0,
        venues: ['一号厅', '二号厅'],
        visibility: 'public',
      },
    }));
    await owner.client.tournament.importTeams.mutate({
      tournamentId,
      import: { source: 'csv', text: TEAMS_CSV },
    });
  }, 180_000);

  afterAll(async () => {
    await close?.();
  });

  const staffView = (hub: TestHub): Promise<TournamentView> =>
    hub.services.tournaments.core.view(slug, { id: owner.id, email: owner.email, displayName: '' });
  const publicView = (hub: TestHub): Promise<TournamentView> =>
    hub.services.tournaments.core.view(slug, null);

  it('keeps motions hidden until released, then shows them on the page and every display', async () => {
    const { roundId } = await owner.client.tournament.addRound.mutate({
      tournamentId,
      round: { drawKind: 'random' },
    });
    await owner.client.tournament.drawRound.mutate({ tournamentId, draw: { roundId } });

    // Bad lists are refused in Chinese; nothing is written.
    expect(
      await outcome(
        owner.client.tournament.setRoundMotions.mutate({
          tournamentId,
          roundId,
          motions: [{ reference: '空', text: '   ', infoSlide: '' }],
        }),
      ),
    ).toMatchObject({ ok: false, message: expect.stringContaining('请填写辩题') });
    expect(
      await outcome(
        owner.client.tournament.setRoundMotions.mutate({
          tournamentId,
          roundId,
          motions: Array.from({ length: 6 }, (_, i) => ({ reference: '', text: `辩题${i}`, infoSlide: '' })),
        }),
      ),
    ).toMatchObject({ ok: false, message: expect.stringContaining('每轮最多 5 个辩题') });
    expect(
      await outcome(owner.client.tournament.releaseRoundMotions.mutate({ tournamentId, roundId })),
    ).toMatchObject({ ok: false, reason: 'no-motions', message: '这一轮还没有添加辩题，请先添加再公布' });

    await owner.client.tournament.setRoundMotions.mutate({ tournamentId, roundId, motions: MOTIONS });
    // Staff on hub B see the list; the public sees none of it, nor the text through the fixtures.
    const staff = await staffView(b);
    expect(
      staff.rounds[0]!.motions.map((motion) => [motion.reference, motion.text, motion.released]),
    ).toEqual(MOTIONS.map((motion) => [motion.reference, motion.text, false]));
    const hidden = await publicView(b);
    expect(hidden.rounds[0]!.motions).toEqual([]);
    for (const fixture of hidden.rounds[0]!.fixtures)
      expect(fixture.topic).toMatchObject({ set: true, text: null, released: false });
    expect(JSON.stringify(hidden)).not.toContain('全民基本收入');

    // Publish: the displays show no motion yet.
    const published = await owner.client.tournament.publishRound.mutate({ tournamentId, roundId });
    const timerId = published.timerIds[0]!;
    expect((await b.services.timers.get(timerId)).settings.topic ?? null).toBeNull();

    // A display on hub B watches one room; the release on hub A reaches it.
    const topics: Array<string | null> = [];
    const display = wsClient(b.wsUrl);
    const subscription = display.client.timer.watch.subscribe(
      { timerId },
      {
        onData: (value: unknown) => {
          const message = ((value as { data?: unknown }).data ?? value) as {
            timer?: { settings?: { topic?: string | null } };
          };
          if (message.timer?.settings) topics.push(message.timer.settings.topic ?? null);
        },
      },
    );
    try {
      await untilTrue(() => topics.length > 0);
      const { released } = await owner.client.tournament.releaseRoundMotions.mutate({
        tournamentId,
        roundId,
      });
      expect(released).toBe(3);
      const all = '经济：本院支持全民基本收入 ｜ 科技：本院认为人工智能利大于弊 ｜ 本院会禁止校园内使用手机';
      await untilTrue(() => topics.at(-1) === all);
      // Releasing again finds nothing to release, and the displays already show it: no message.
      const seen = topics.length;
      expect(await owner.client.tournament.releaseRoundMotions.mutate({ tournamentId, roundId })).toEqual({
        released: 0,
      });
      await holds(
        () => topics.length,
        (count) => count === seen,
        1_000,
      );

      const out = await publicView(b);
      expect(
        out.rounds[0]!.motions.map((motion) => [motion.text, motion.infoSlide, motion.released]),
      ).toEqual(MOTIONS.map((motion) => [motion.text, motion.infoSlide, true]));
      expect(out.rounds[0]!.fixtures[0]!.topic).toMatchObject({ text: all, released: true });

      // The room debated 科技: its display shows that one alone, and so does the page.
      const fixture = out.rounds[0]!.fixtures.find((each) => each.timerId === timerId)!;
      const tech = out.rounds[0]!.motions[1]!;
      await owner.client.tournament.setFixtureMotion.mutate({
        tournamentId,
        fixtureId: fixture.id,
        motionId: tech.id,
      });
      await untilTrue(() => topics.at(-1) === '本院认为人工智能利大于弊');
      const chosen = await until(
        () => publicView(b),
        (v) => v.rounds[0]!.fixtures.find((each) => each.id === fixture.id)!.motionId === tech.id,
      );
      expect(chosen.rounds[0]!.fixtures.find((each) => each.id === fixture.id)!.topic.text).toBe(
        '本院认为人工智能利大于弊',
      );
    } finally {
      subscription.unsubscribe();
      display.close();
    }
  });

  it('counts decided rooms per motion, and refuses a motion of another round', async () => {
    const v = await staffView(a);
    const round = v.rounds[0]!;
    const [first, second] = round.fixtures;
    // The other room debated 经济; both rooms are decided: 正方 wins one, 反方 the other.
    await owner.client.tournament.setFixtureMotion.mutate({
      tournamentId,
      fixtureId: second!.id,
      motionId: round.motions[0]!.id,
    });
    await owner.client.tournament.editResult.mutate({
      tournamentId,
      fixtureId: first!.id,
      result: { winner: 'aff', votes: { aff: 1, neg: 0 } },
    });
    await owner.client.tournament.editResult.mutate({
      tournamentId,
      fixtureId: second!.id,
      result: { winner: 'neg', votes: { aff: 0, neg: 1 } },
    });
    const stats = (await publicView(b)).motionStats;
    const row = (text: string) => stats.find((each) => each.text === text)!;
    const firstMotion = round.motions.find((motion) => motion.id === first!.motionId)!;
    expect(row(firstMotion.text)).toMatchObject({ rooms: 1, positionPoints: [1, 0] });
    expect(row('本院支持全民基本收入')).toMatchObject({ rooms: 1, positionPoints: [0, 1] });
    expect(row('本院会禁止校园内使用手机')).toMatchObject({ rooms: 0 });

    // Round 2's motion cannot be a round-1 room's.
    const { roundId: second2 } = await owner.client.tournament.addRound.mutate({
      tournamentId,
      round: { drawKind: 'random' },
    });
    await owner.client.tournament.setRoundMotions.mutate({
      tournamentId,
      roundId: second2,
      motions: [{ reference: '', text: '本院支持安乐死合法化', infoSlide: '' }],
    });
    const other = (await staffView(a)).rounds[1]!.motions[0]!;
    expect(
      await outcome(
        owner.client.tournament.setFixtureMotion.mutate({
          tournamentId,
          fixtureId: first!.id,
          motionId: other.id,
        }),
      ),
    ).toMatchObject({
      ok: false,
      reason: 'motion-not-in-round',
      message: '这个辩题不属于这场比赛所在的轮次',
    });

    // Editing the list keeps what was released; a dropped motion leaves its room unchosen.
    const kept = round.motions.filter((motion) => motion.id !== round.motions[0]!.id);
    await owner.client.tournament.setRoundMotions.mutate({
      tournamentId,
      roundId: round.id,
      motions: kept.map(({ id, reference, text, infoSlide }) => ({
        id,
        reference,
        text: `${text}。`,
        infoSlide,
      })),
    });
    const after = await staffView(b);
    expect(after.rounds[0]!.motions.map((motion) => [motion.text, motion.released])).toEqual(
      kept.map((motion) => [`${motion.text}。`, true]),
    );
    expect(after.rounds[0]!.fixtures.find((each) => each.id === second!.id)!.motionId).toBeNull();
  });

  it('releases at a set time: the displays on the other hub show it then, the page only from then', async () => {
    const round = (await staffView(a)).rounds[1]!;
    await owner.client.tournament.drawRound.mutate({ tournamentId, draw: { roundId: round.id } });
    const { timerIds } = await owner.client.tournament.publishRound.mutate({
      tournamentId,
      roundId: round.id,
    });
    const fixtures = (await staffView(a)).rounds[1]!.fixtures;
    // Room 1 shows the round's motion; room 2 a topic from the library, each scheduled.
    const [libraryTopic] = await a.services.library.topics.all();
    const topics = new Map<string, Array<string | null>>(timerIds.map((id) => [id, []]));
    const display = wsClient(b.wsUrl);
    const subscriptions = timerIds.map((timerId) =>
      display.client.timer.watch.subscribe(
        { timerId },
        {
          onData: (value: unknown) => {
            const message = ((value as { data?: unknown }).data ?? value) as {
              timer?: { settings?: { topic?: string | null } };
            };
            if (message.timer?.settings) topics.get(timerId)!.push(message.timer.settings.topic ?? null);
          },
        },
      ),
    );
    try {
      await untilTrue(() => [...topics.values()].every((seen) => seen.length > 0));
      const at = Date.now() + 2_000;
      await owner.client.tournament.setTopic.mutate({
        tournamentId,
        roundId: round.id,
        fixtureId: fixtures[1]!.id,
        topicId: libraryTopic!.id,
        releaseAt: at,
      });
      await owner.client.tournament.releaseRoundMotions.mutate({ tournamentId, roundId: round.id, at });
      // Not yet: staff see it scheduled, the public nothing.
      const staff = await staffView(b);
      expect(staff.rounds[1]!.motions[0]).toMatchObject({ releasedAt: at, released: false });
      if (Date.now() < at) expect((await publicView(b)).rounds[1]!.motions).toEqual([]);
      const room = (fixtureIndex: number) => topics.get(fixtures[fixtureIndex]!.timerId!)!;
      await untilTrue(() => room(0).at(-1) === '本院支持安乐死合法化', 10_000);
      await untilTrue(() => room(1).at(-1) === libraryTopic!.text, 10_000);
      expect(Date.now()).toBeGreaterThanOrEqual(at);
      expect((await publicView(b)).rounds[1]!.motions.map((motion) => motion.text)).toEqual([
        '本院支持安乐死合法化',
      ]);
    } finally {
      for (const subscription of subscriptions) subscription.unsubscribe();
      display.close();
    }
  });
});
