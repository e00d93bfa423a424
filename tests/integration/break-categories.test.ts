/**
 * The break per break category on two hubs over one Postgres and one Redis: a 16-team
 * tournament imported from a Tabbycat folder with an open break of 8 under AIDA 1996 (three
 * teams per institution at most; one institution has four strong teams) and an ESL break of 4
 * plays three Swiss rounds. The preview lists each category's breaking teams, those left out
 * and why; an organizer resizes and re-rules a category (refusals in Chinese); the break
 * released on hub A reaches hub B's public page, hidden before; the knockout seeds from the
 * open break. A tournament without categories previews one implicit open category. A
 * tournament created in Bianshi gets an ESL category on hub A beside its open one, its eligible
 * teams chosen there, and hub B's preview breaks ESL among those teams only; bad team ids, the
 * open category's eligibility and a duplicate name are refused in Chinese; categories are
 * deleted (not one with knockout rounds, not the open one while others exist).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BreakPreview, TournamentView } from '@bianshi/shared';
import { eq } from 'drizzle-orm';
import { tournamentBreakEligibility, tournamentRounds } from '../../hub/src/tournaments/tournament.schema';
import { createAccount, outcome, signedInOn, type TestAccount } from '../support/accounts';
import { playBreak16, playNative12 } from '../support/break-tournament';
import { startHubPair, type TestHub } from '../support/hub';
import { httpClient, wsClient } from '../support/trpc';
import { until } from '../support/until';

describe('break categories on two hubs (Postgres + Redis)', () => {
  let close: (() => Promise<void>) | undefined;
  let a: TestHub;
  let b: TestHub;
  let owner: TestAccount;
  let tournamentId = '';
  let slug = '';
  const caller = () => ({ id: owner.id, email: owner.email, displayName: '' });
  const view = (hub: TestHub): Promise<TournamentView> => hub.services.tournaments.core.view(slug, caller());
  const preview = (): Promise<BreakPreview> => owner.client.tournament.breakPreview.query({ tournamentId });

  beforeAll(async () => {
    ({ a, b, close } = await startHubPair());
    owner = await createAccount(a, 'break-owner');
    ({ id: tournamentId, slug } = await playBreak16(a, owner));
  }, 240_000);

  afterAll(async () => {
    await close?.();
  });

  it('previews each category by its rule: AIDA caps the open break, ESL breaks among the rest', async () => {
    const v = await view(b);
    const nameOf = new Map(v.teams.map((team) => [team.id, team.name]));
    const table = v.standings[0]!.rows.map((row) => nameOf.get(row.teamId));
    const result = await preview();
    expect(result.implicit).toBe(false);
    expect(result.results).toBe(24);
    const [open, esl] = result.categories;
    expect(open).toMatchObject({ name: 'Open', size: 8, rule: 'aida-1996', isGeneral: true, released: null });
    expect(esl).toMatchObject({ name: 'ESL', size: 4, rule: 'standard', isGeneral: false, eligible: 7 });
    // Open: eight teams, at most three from one institution; X's fourth team is capped.
    expect(open!.breaking.map((row) => row.seed)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const schools = open!.breaking.map((row) => row.school);
    for (const school of new Set(schools))
      expect(schools.filter((each) => each === school).length).toBeLessThan(4);
    expect(open!.excluded.filter((row) => row.reason === 'capped').map((row) => row.name)).toEqual(['X 4']);
    // Teams tied across the cut-off share the last breaking team's place.
    for (const row of open!.tiedAtCutoff) expect(row.rank).toBe(open!.breaking.at(-1)!.rank);
    // Breaking teams in standings order, skipping the capped one.
    expect(open!.breaking.map((row) => row.name)).toEqual(table.filter((name) => name !== 'X 4').slice(0, 8));
    // ESL: only eligible teams, none already breaking in the open category; X 4 tops it.
    const openIds = new Set(open!.breaking.map((row) => row.teamId));
    expect(esl!.breaking).toHaveLength(4);
    expect(esl!.breaking[0]!.name).toBe('X 4');
    for (const row of esl!.breaking) {
      expect(openIds.has(row.teamId)).toBe(false);
      expect(['X 4', 'W', 'V'].some((prefix) => row.name.startsWith(prefix))).toBe(true);
    }
    const eligible = (name: string) => name === 'X 4' || /^[WV] /.test(name);
    for (const row of esl!.excluded)
      expect(row.reason).toBe(eligible(row.name) ? 'differentBreak' : 'ineligible');
    expect(
      esl!.excluded.filter((row) => row.reason === 'differentBreak').every((row) => openIds.has(row.teamId)),
    ).toBe(true);
  });

  it('lets organizers resize and re-rule a category, refusing bad input in Chinese', async () => {
    const [open, esl] = (await preview()).categories;
    expect(
      await outcome(
        owner.client.tournament.setBreakCategory.mutate({
          tournamentId,
          category: { categoryId: open!.id!, size: 0, rule: 'standard' },
        }),
      ),
    ).toMatchObject({
      ok: false,
      code: 'BAD_REQUEST',
      message: expect.stringContaining('晋级名额至少 1 队'),
    });
    expect(
      await outcome(
        owner.client.tournament.setBreakCategory.mutate({
          tournamentId,
          category: { categoryId: open!.id!, size: 20, rule: 'standard' },
        }),
      ),
    ).toMatchObject({
      ok: false,
      reason: 'break-size-too-big',
      message: '晋级名额（20 队）不能多于参赛队伍数（16 队）',
    });
    expect(
      await outcome(
        owner.client.tournament.setBreakCategory.mutate({
          tournamentId,
          category: { categoryId: 'no-such-category', size: 4, rule: 'standard' },
        }),
      ),
    ).toMatchObject({ ok: false, reason: 'break-category-not-found', message: '找不到这个晋级类别' });
    expect(
      await outcome(
        owner.client.tournament.createBreakCategory.mutate({
          tournamentId,
          category: { name: ' open ', size: 4, rule: 'standard' },
        }),
      ),
    ).toMatchObject({
      ok: false,
      code: 'CONFLICT',
      reason: 'break-category-name-taken',
      message: '已经有名为「Open」的晋级类别：请换一个名称',
    });

    // Standard rule: the top four of the table, X 4 included when it ranks there.
    await owner.client.tournament.setBreakCategory.mutate({
      tournamentId,
      category: { categoryId: open!.id!, size: 4, rule: 'standard' },
    });
    const v = await view(b);
    const top4 = v.standings[0]!.rows.slice(0, 4).map((row) => row.teamId);
    const resized = (await preview()).categories[0]!;
    expect(resized).toMatchObject({ size: 4, rule: 'standard' });
    expect(resized.breaking.map((row) => row.teamId)).toEqual(top4);
    expect(resized.excluded).toEqual([]);
    // Back to eight under AIDA 1996, the ESL break at 2.
    await owner.client.tournament.setBreakCategory.mutate({
      tournamentId,
      category: { categoryId: open!.id!, size: 8, rule: 'aida-1996' },
    });
    await owner.client.tournament.setBreakCategory.mutate({
      tournamentId,
      category: { categoryId: esl!.id!, size: 2, rule: 'standard' },
    });
    expect((await preview()).categories[1]!.breaking).toHaveLength(2);
  });

  it('keeps the break from the public until released on hub A, then shows it on hub B', async () => {
    const visitor = httpClient(b.url);
    expect(await visitor.tournament.releasedBreak.query({ slug })).toEqual([]);
    const screen = wsClient(b.wsUrl);
    const versions: number[] = [];
    const subscription = screen.client.tournament.watch.subscribe(
      { slug },
      { onData: (event) => versions.push(event.data.version) },
    );
    try {
      await until(
        () => versions.length,
        (count) => count > 0,
      );
      const before = versions.at(-1)!;
      const computed = await preview();
      const { categories } = await owner.client.tournament.releaseBreak.mutate({ tournamentId });
      expect(categories).toBe(2);
      await until(
        () => versions.at(-1)!,
        (version) => version > before,
        15_000,
      );
      const released = await visitor.tournament.releasedBreak.query({ slug });
      expect(released.map((category) => category.name)).toEqual(['Open', 'ESL']);
      expect(released[0]!.teams).toEqual(
        computed.categories[0]!.breaking.map((row) => ({
          seed: row.seed,
          teamId: row.teamId,
          name: row.name,
          school: row.school,
        })),
      );
      expect(released[1]!.teams).toHaveLength(2);
      expect(released[0]!.teams[0]!.school).toMatch(/ 大学$/);
      const staffOnB = await signedInOn(b, owner).tournament.breakPreview.query({ tournamentId });
      expect(staffOnB.categories.every((category) => category.released !== null)).toBe(true);
      expect(staffOnB.categories.some((category) => category.changedSinceRelease)).toBe(false);
    } finally {
      subscription.unsubscribe();
      screen.close();
    }
  });

  it('seeds the knockout from the open break: 1 v 8, 2 v 7, 3 v 6, 4 v 5', async () => {
    const seeds = (await preview()).categories[0]!.breaking.map((row) => row.teamId);
    await owner.client.tournament.createKnockout.mutate({ tournamentId, knockout: { advancePerPool: 1 } });
    const v = await view(b);
    const first = v.rounds.at(-1)!;
    expect(first.name).toBe('四分之一决赛');
    expect(first.fixtures.map((fixture) => [fixture.affTeamId, fixture.negTeamId].sort())).toEqual(
      expect.arrayContaining([0, 1, 2, 3].map((at) => [seeds[at], seeds[7 - at]].sort())),
    );
    expect(first.fixtures).toHaveLength(4);
  });

  it('previews an implicit open category without categories; releasing needs it saved', async () => {
    const director = await createAccount(a, 'break-implicit');
    const implicitSlug = `break-implicit-${Date.now().toString(36)}`;
    const { id } = await director.client.tournament.create.mutate({
      tournament: { name: '无类别测试', slug: implicitSlug, judgesPerFixture: 0 },
    });
    await director.client.tournament.importTeams.mutate({
      tournamentId: id,
      import: {
        source: 'csv',
        text: ['队名,学校', ...['甲', '乙', '丙', '丁'].map((n) => `${n}队,${n}校`)].join('\n'),
      },
    });
    const { roundId } = await director.client.tournament.addRound.mutate({
      tournamentId: id,
      round: { drawKind: 'random' },
    });
    await director.client.tournament.drawRound.mutate({ tournamentId: id, draw: { roundId, seed: 'i' } });
    await director.client.tournament.publishRound.mutate({ tournamentId: id, roundId });
    const played = await a.services.tournaments.core.view(implicitSlug, {
      id: director.id,
      email: director.email,
      displayName: '',
    });
    for (const fixture of played.rounds[0]!.fixtures)
      await director.client.tournament.editResult.mutate({
        tournamentId: id,
        fixtureId: fixture.id,
        result: { winner: 'aff', votes: { aff: 1, neg: 0 } },
      });
    const implicit = await director.client.tournament.breakPreview.query({
      tournamentId: id,
      open: { size: 2, rule: 'standard' },
    });
    expect(implicit.implicit).toBe(true);
    expect(implicit.categories).toHaveLength(1);
    expect(implicit.categories[0]).toMatchObject({ id: null, name: '公开组', size: 2, eligible: 4 });
    const winners = played.rounds[0]!.fixtures.map((fixture) => fixture.affTeamId);
    expect(implicit.categories[0]!.breaking.map((row) => row.teamId).sort()).toEqual([...winners].sort());
    expect(await outcome(director.client.tournament.releaseBreak.mutate({ tournamentId: id }))).toMatchObject(
      {
        ok: false,
        reason: 'break-no-categories',
        message: '还没有保存晋级类别：请先保存公开组的名额与规则',
      },
    );
    await director.client.tournament.createBreakCategory.mutate({
      tournamentId: id,
      category: { name: '公开组', size: 2, rule: 'standard' },
    });
    await director.client.tournament.releaseBreak.mutate({ tournamentId: id });
    const released = await httpClient(b.url).tournament.releasedBreak.query({ slug: implicitSlug });
    expect(released).toHaveLength(1);
    expect(released[0]!.teams.map((team) => team.teamId).sort()).toEqual([...winners].sort());
  });

  describe('categories beyond the open one, in a tournament created in Bianshi', () => {
    let director: TestAccount;
    let nativeId = '';
    let nativeSlug = '';
    let nativeView: TournamentView;
    const idOf = (name: string) => nativeView.teams.find((team) => team.name === name)!.id;
    const previewOn = (hub: TestHub): Promise<BreakPreview> =>
      signedInOn(hub, director).tournament.breakPreview.query({ tournamentId: nativeId });
    const category = (result: BreakPreview, name: string) =>
      result.categories.find((each) => each.name === name);

    /** Runs `change` on hub A and waits until hub B's watchers hear of it. */
    async function changedOnB<T>(change: () => Promise<T>): Promise<T> {
      const screen = wsClient(b.wsUrl);
      const versions: number[] = [];
      const subscription = screen.client.tournament.watch.subscribe(
        { slug: nativeSlug },
        { onData: (event) => versions.push(event.data.version) },
      );
      try {
        await until(
          () => versions.length,
          (count) => count > 0,
        );
        const before = versions.at(-1)!;
        const value = await change();
        await until(
          () => versions.at(-1)!,
          (version) => version > before,
          15_000,
        );
        return value;
      } finally {
        subscription.unsubscribe();
        screen.close();
      }
    }

    beforeAll(async () => {
      director = await createAccount(a, 'break-native');
      ({ id: nativeId, slug: nativeSlug } = await playNative12(a, director));
      nativeView = await a.services.tournaments.core.view(nativeSlug, {
        id: director.id,
        email: director.email,
        displayName: '',
      });
    }, 120_000);

    it('adds ESL after the open category, chooses its teams on hub A; hub B breaks ESL among them', async () => {
      const client = director.client.tournament;
      await client.createBreakCategory.mutate({
        tournamentId: nativeId,
        category: { name: '公开组', size: 4, rule: 'standard' },
      });
      const { categoryId: eslId } = await changedOnB(() =>
        client.createBreakCategory.mutate({
          tournamentId: nativeId,
          category: { name: 'ESL', size: 2, rule: 'standard' },
        }),
      );
      const added = await previewOn(b);
      expect(added.categories.map((each) => each.name)).toEqual(['公开组', 'ESL']);
      expect(category(added, '公开组')).toMatchObject({ isGeneral: true, priority: 0, eligible: 12 });
      expect(category(added, '公开组')!.eligibleTeamIds).toBeUndefined();
      expect(category(added, 'ESL')).toMatchObject({
        id: eslId,
        slug: 'esl',
        isGeneral: false,
        priority: -1,
        eligible: 0,
        eligibleTeamIds: [],
        breaking: [],
      });

      // The table's first team breaks in the open category (the top four); ESL's two come
      // from the three chosen far below the open break.
      const table = (
        await b.services.tournaments.core.view(nativeSlug, {
          id: director.id,
          email: director.email,
          displayName: '',
        })
      ).standings[0]!.rows.map((row) => row.teamId);
      const chosen = [table[0]!, table[8]!, table[9]!, table[11]!];
      expect(
        await changedOnB(() =>
          client.setBreakEligibility.mutate({
            tournamentId: nativeId,
            eligibility: { categoryId: eslId, teamIds: [...chosen, chosen[1]!] },
          }),
        ),
      ).toEqual({ eligible: 4 });
      const onB = await previewOn(b);
      const open = category(onB, '公开组')!;
      const esl = category(onB, 'ESL')!;
      expect(esl.eligible).toBe(4);
      expect([...esl.eligibleTeamIds!].sort()).toEqual([...chosen].sort());
      const openIds = new Set(open.breaking.map((row) => row.teamId));
      expect(openIds.has(table[0]!)).toBe(true);
      const expected = [table[8]!, table[9]!];
      expect(table.filter((teamId) => chosen.includes(teamId) && !openIds.has(teamId))).toEqual([
        ...expected,
        table[11],
      ]);
      expect(esl.breaking.map((row) => row.teamId)).toEqual(expected);
      expect(esl.breaking.map((row) => row.seed)).toEqual([1, 2]);
      for (const row of esl.excluded)
        expect(row.reason).toBe(row.teamId === table[0] ? 'differentBreak' : 'ineligible');

      // Released on hub A, the public page on hub B lists ESL's two teams.
      await client.releaseBreak.mutate({ tournamentId: nativeId });
      const released = await httpClient(b.url).tournament.releasedBreak.query({ slug: nativeSlug });
      expect(released.map((each) => each.name)).toEqual(['公开组', 'ESL']);
      expect(released[1]!.teams.map((team) => team.teamId)).toEqual(expected);
    });

    it('refuses bad team ids, the open category’s eligibility and a duplicate name, in Chinese', async () => {
      const client = director.client.tournament;
      const [open, esl] = (await previewOn(a)).categories;
      const foreign = (await view(b)).teams[0]!.id;
      expect(
        await outcome(
          client.setBreakEligibility.mutate({
            tournamentId: nativeId,
            eligibility: { categoryId: esl!.id!, teamIds: [idOf('紫荆队'), 'no-such-team', foreign] },
          }),
        ),
      ).toMatchObject({
        ok: false,
        code: 'BAD_REQUEST',
        reason: 'break-teams-not-in-tournament',
        message: `2 支队伍不属于本赛事（no-such-team、${foreign}）：请刷新页面后重新选择`,
      });
      expect(
        await outcome(
          client.setBreakEligibility.mutate({
            tournamentId: nativeId,
            eligibility: { categoryId: open!.id!, teamIds: [idOf('紫荆队')] },
          }),
        ),
      ).toMatchObject({
        ok: false,
        code: 'BAD_REQUEST',
        reason: 'break-general-eligibility',
        message: '「公开组」是公开类别，所有队伍都有资格，不能单独设置参赛资格',
      });
      expect(
        await outcome(
          client.setBreakEligibility.mutate({
            tournamentId: nativeId,
            eligibility: { categoryId: 'no-such-category', teamIds: [] },
          }),
        ),
      ).toMatchObject({ ok: false, code: 'NOT_FOUND', message: '找不到这个晋级类别' });
      expect(
        await outcome(
          client.createBreakCategory.mutate({
            tournamentId: nativeId,
            category: { name: ' esl ', size: 2, rule: 'standard' },
          }),
        ),
      ).toMatchObject({
        ok: false,
        code: 'CONFLICT',
        reason: 'break-category-name-taken',
        message: '已经有名为「ESL」的晋级类别：请换一个名称',
      });
      expect(
        await outcome(
          client.createBreakCategory.mutate({
            tournamentId: nativeId,
            category: { name: '新生组', size: 13, rule: 'standard' },
          }),
        ),
      ).toMatchObject({ ok: false, reason: 'break-size-too-big' });
      // The eligibility is unchanged by the refusals.
      expect((await previewOn(b)).categories[1]!.eligible).toBe(4);
      // A Chinese name has no letters for the slug; the priority follows ESL's unless given.
      await client.createBreakCategory.mutate({
        tournamentId: nativeId,
        category: { name: '新生组', size: 2, rule: 'aida-1996' },
      });
      await client.createBreakCategory.mutate({
        tournamentId: nativeId,
        category: { name: '女子组', size: 1, rule: 'standard', priority: 5 },
      });
      const four = await previewOn(b);
      expect(category(four, '新生组')).toMatchObject({ slug: 'category', priority: -2, isGeneral: false });
      expect(category(four, '女子组')).toMatchObject({ slug: 'category-2', priority: 5, isGeneral: false });
    });

    it('deletes categories: not one with knockout rounds, not the open one while others exist', async () => {
      const client = director.client.tournament;
      const before = await previewOn(a);
      const open = category(before, '公开组')!;
      const esl = category(before, 'ESL')!;
      const novice = category(before, '新生组')!;
      const women = category(before, '女子组')!;
      expect(
        await outcome(client.deleteBreakCategory.mutate({ tournamentId: nativeId, categoryId: open.id! })),
      ).toMatchObject({
        ok: false,
        code: 'CONFLICT',
        reason: 'break-general-has-others',
        message: '「公开组」是公开类别：请先删除其他晋级类别，再删除它',
      });
      // A round of the category (as an imported knockout's are) keeps it.
      const db = a.services.database.db;
      const roundId = nativeView.rounds[0]!.id;
      await db
        .update(tournamentRounds)
        .set({ breakCategoryId: novice.id })
        .where(eq(tournamentRounds.id, roundId));
      try {
        expect(
          await outcome(
            client.deleteBreakCategory.mutate({ tournamentId: nativeId, categoryId: novice.id! }),
          ),
        ).toMatchObject({
          ok: false,
          code: 'CONFLICT',
          reason: 'break-category-has-rounds',
          message: '「新生组」已有 1 个淘汰赛轮次，不能删除',
        });
      } finally {
        await db
          .update(tournamentRounds)
          .set({ breakCategoryId: null })
          .where(eq(tournamentRounds.id, roundId));
      }
      expect(
        await outcome(client.deleteBreakCategory.mutate({ tournamentId: nativeId, categoryId: 'no-such' })),
      ).toMatchObject({ ok: false, code: 'NOT_FOUND' });

      await changedOnB(() =>
        client.deleteBreakCategory.mutate({ tournamentId: nativeId, categoryId: esl.id! }),
      );
      expect((await previewOn(b)).categories.map((each) => each.name)).toEqual([
        '公开组',
        '新生组',
        '女子组',
      ]);
      expect(
        await db
          .select()
          .from(tournamentBreakEligibility)
          .where(eq(tournamentBreakEligibility.breakCategoryId, esl.id!)),
      ).toEqual([]);
      expect(
        (await httpClient(b.url).tournament.releasedBreak.query({ slug: nativeSlug })).map(
          (each) => each.name,
        ),
      ).toEqual(['公开组']);
      for (const each of [novice, women, open])
        await client.deleteBreakCategory.mutate({ tournamentId: nativeId, categoryId: each.id! });
      const none = await previewOn(b);
      expect(none.implicit).toBe(true);
      expect(none.categories).toHaveLength(1);
    });
  });
});
