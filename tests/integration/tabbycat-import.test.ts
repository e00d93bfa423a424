/**
 * A Tabbycat import folder becomes a tournament on a real hub (PGlite and Postgres): through
 * `tournament.importTabbycat` for a signed-in account (counted against its plan), and through the
 * service for Tabbycat's own example folders when a snapshot of its repository is here. A folder
 * with errors writes nothing and returns every error, per file and row, in Chinese.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import type { HubError } from '../../hub/src/lib/errors';
import {
  tournamentBreakCategories,
  tournamentBreakEligibility,
  tournamentConflicts,
  tournamentInstitutions,
  tournamentJudges,
  tournamentMotions,
  tournamentRounds,
  tournamentSpeakerCategories,
  tournamentSpeakers,
  tournamentStages,
  tournamentTeams,
  tournaments,
} from '../../hub/src/tournaments/tournament.schema';
import { createAccount, outcome, type TestAccount } from '../support/accounts';
import { DATABASE_KINDS, startHub, type TestHub } from '../support/hub';

const FIXTURES = new URL('../fixtures/tabbycat/', import.meta.url).pathname;
const TABBYCAT_REPO = '/work/.mirror/TabbycatDebate+tabbycat/repo';

/** Every file of a fixture folder by its own name (`.importer` included). */
function fixtureFolder(name: string): Record<string, string> {
  const dir = join(FIXTURES, name);
  return Object.fromEntries(readdirSync(dir).map((file) => [file, readFileSync(join(dir, file), 'utf8')]));
}

/** One of Tabbycat's example folders, read from the snapshot with git (never copied here). */
function tabbycatExample(name: string): Record<string, string> {
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', TABBYCAT_REPO, ...args], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  const files: Record<string, string> = {};
  for (const file of git('ls-tree', '--name-only', `HEAD:data/${name}`).split('\n').filter(Boolean))
    files[file] = git('show', `HEAD:data/${name}/${file}`);
  return files;
}

describe.each(DATABASE_KINDS)('Tabbycat import (%s)', (database) => {
  let hub: TestHub;
  let owner: TestAccount;

  beforeAll(async () => {
    hub = await startHub({ database });
    owner = await createAccount(hub, 'tabbycat-owner');
  }, 120_000);

  afterAll(async () => {
    await hub?.close();
  });

  const db = () => hub.services.database.db;
  const rowsOf = async (table: typeof tournaments, id: string) =>
    (await db().select({ n: count() }).from(table).where(eq(table.id, id)))[0]!.n;
  const tournamentCount = async () => (await db().select({ n: count() }).from(tournaments))[0]!.n;

  it('imports a two-team folder: every row, and the page lists its teams and judges', async () => {
    const result = await owner.client.tournament.importTabbycat.mutate({
      name: 'Lakeside Open 2026',
      files: fixtureFolder('anorak-small'),
    });
    expect(result).toMatchObject({
      tournament: { slug: 'lakeside-open-2026' },
      format: 'australs',
      teamsPerRoom: 2,
      institutions: 3,
      teams: 4,
      speakers: 12,
      adjudicators: 3,
      venues: 2,
      motions: 4,
      rounds: 3,
      breakCategories: 1,
      speakerCategories: 0,
      conflicts: 5,
    });
    expect(result.skipped).toEqual(
      expect.arrayContaining([
        { file: 'readme.md', count: 1, reason: '不是 CSV 数据文件，未导入' },
        { file: 'speakers.csv', column: 'gender', count: 2, reason: '性别不导入' },
        { file: 'venues.csv', column: 'category', count: 1, reason: expect.stringContaining('场地类别') },
      ]),
    );
    const id = result.tournament.id;
    expect(await rowsOf(tournaments, id)).toBe(1);

    const [row] = await db().select().from(tournaments).where(eq(tournaments.id, id));
    expect(row).toMatchObject({
      name: 'Lakeside Open 2026',
      ownerId: owner.id,
      teamsPerRoom: 2,
      format: { kind: 'builtin', id: 'australs' },
      // Highest priority first.
      venues: ['Room East', 'Room West'],
    });

    const institutions = await db()
      .select()
      .from(tournamentInstitutions)
      .where(eq(tournamentInstitutions.tournamentId, id))
      .orderBy(asc(tournamentInstitutions.position));
    expect(institutions.map((each) => [each.code, each.name])).toEqual([
      ['Lakeside', 'Lakeside Academy of Rhetoric'],
      ['Hilltop', 'Hilltop College'],
      ['Riverbend', 'Riverbend Institute'],
    ]);
    const speakers = await db()
      .select()
      .from(tournamentSpeakers)
      .where(eq(tournamentSpeakers.tournamentId, id));
    expect(speakers.find((speaker) => speaker.name === 'Ada Quill')).toMatchObject({
      email: 'ada.quill@example.test',
      position: 0,
    });

    const judges = await db()
      .select()
      .from(tournamentJudges)
      .where(eq(tournamentJudges.tournamentId, id))
      .orderBy(asc(tournamentJudges.position));
    const lakeside = institutions[0]!;
    expect(judges.map((judge) => [judge.name, judge.baseScore, judge.independent, judge.adjCore])).toEqual([
      ['Mara Holt', 4.5, false, true],
      ['Nico Vale', 3, false, false],
      ['Oona Pike', 2.5, true, false],
    ]);
    expect(judges[0]).toMatchObject({ email: 'mara.holt@example.test', institutionId: lakeside.id });
    expect(new Set(judges.map((judge) => judge.ballotToken)).size).toBe(3);
    expect(judges.every((judge) => (judge.ballotToken ?? '').length >= 32)).toBe(true);
    // Own institution and institution conflicts become the school conflicts the draw reads.
    expect(judges[1]!.conflicts).toEqual(['name:hilltopcollege', 'name:riverbendinstitute']);

    const conflicts = await db()
      .select()
      .from(tournamentConflicts)
      .where(eq(tournamentConflicts.tournamentId, id));
    expect(conflicts.map((each) => each.kind).sort()).toEqual([
      'judgeInstitution',
      'judgeJudge',
      'judgeTeam',
      'judgeTeam',
      'judgeTeam',
    ]);

    const stages = await db().select().from(tournamentStages).where(eq(tournamentStages.tournamentId, id));
    const rounds = await db().select().from(tournamentRounds).where(eq(tournamentRounds.tournamentId, id));
    const [open] = await db()
      .select()
      .from(tournamentBreakCategories)
      .where(eq(tournamentBreakCategories.tournamentId, id));
    expect(open).toMatchObject({ slug: 'open', size: 2, isGeneral: true, priority: 10, rule: 'standard' });
    const stageKind = (round: (typeof rounds)[number]) =>
      stages.find((stage) => stage.id === round.stageId)!.kind;
    expect(
      rounds
        .map((round) => ({
          name: round.name,
          abbreviation: round.abbreviation,
          stage: stageKind(round),
          number: round.number,
          drawKind: round.drawKind,
          silent: round.silent,
          breakCategoryId: round.breakCategoryId,
          status: round.status,
        }))
        .sort((x, y) => x.abbreviation.localeCompare(y.abbreviation)),
    ).toEqual([
      {
        name: 'Grand Final',
        abbreviation: 'GF',
        stage: 'knockout',
        number: 1,
        drawKind: 'elimination',
        silent: false,
        breakCategoryId: open!.id,
        status: 'draft',
      },
      {
        name: 'Round 1',
        abbreviation: 'R1',
        stage: 'group',
        number: 1,
        drawKind: 'random',
        silent: false,
        breakCategoryId: null,
        status: 'draft',
      },
      {
        name: 'Round 2',
        abbreviation: 'R2',
        stage: 'group',
        number: 2,
        drawKind: 'power',
        silent: true,
        breakCategoryId: null,
        status: 'draft',
      },
    ]);
    const r1 = rounds.find((round) => round.abbreviation === 'R1')!;
    const r1Motions = await db()
      .select()
      .from(tournamentMotions)
      .where(and(eq(tournamentMotions.tournamentId, id), eq(tournamentMotions.roundId, r1.id)))
      .orderBy(asc(tournamentMotions.seq));
    expect(
      r1Motions.map((motion) => [motion.seq, motion.reference, motion.infoSlide, motion.releasedAt]),
    ).toEqual([
      [1, 'Lighthouses', '', null],
      [2, 'Kites', 'Kites are flown in many festivals.', null],
    ]);

    // The tournament page, through the existing procedure.
    const view = await owner.client.tournament.get.query({ slug: result.tournament.slug });
    expect(view.myRole).toBe('owner');
    expect(view.teams.map((team) => [team.name, team.school, team.members])).toEqual([
      ['Lakeside A', 'Lakeside Academy of Rhetoric', ['Ada Quill', 'Bo Fennick', 'Cass Moor']],
      ['Lakeside B', 'Lakeside Academy of Rhetoric', ['Dov Ashby', 'Eli Tarn', 'Fay Corrow']],
      ['Hilltop 1', 'Hilltop College', ['Gus Pell', 'Hana Wick', 'Ivo Sand']],
      ['Owls', 'Riverbend Institute', ['Jo Renn', 'Kit Dane', 'Lu Marsh']],
    ]);
    expect(view.judges.map((judge) => judge.name)).toEqual(['Mara Holt', 'Nico Vale', 'Oona Pike']);
    expect(view.judges.every((judge) => judge.ballotToken !== null)).toBe(true);
    expect(view.rounds.map((round) => round.name)).toEqual(['Round 1', 'Round 2', 'Grand Final']);
    expect(view.formatName).toContain('Australs');
  });

  it('counts against the plan like creating a tournament: the trial owns one, nothing more is written', async () => {
    const before = await tournamentCount();
    expect(
      await outcome(
        owner.client.tournament.importTabbycat.mutate({
          name: '第二项',
          files: fixtureFolder('anorak-small'),
        }),
      ),
    ).toMatchObject({ ok: false, code: 'FORBIDDEN', reason: 'plan-limit' });
    expect(await tournamentCount()).toBe(before);
  });

  it('refuses a folder with errors: every error per file and row, and nothing written', async () => {
    const account = await createAccount(hub, 'tabbycat-broken');
    const before = await tournamentCount();
    const refused = await outcome(
      account.client.tournament.importTabbycat.mutate({ files: fixtureFolder('broken') }),
    );
    expect(refused).toMatchObject({ ok: false, code: 'BAD_REQUEST', reason: 'import-invalid' });
    expect(refused.ok ? '' : refused.message).toContain('导入失败：有 5 处错误，没有写入任何内容');
    // The message names the first few; the whole list travels in the error's details.
    const wire = await account.client.tournament.importTabbycat
      .mutate({ files: fixtureFolder('broken') })
      .then(
        () => null,
        (caught: unknown) => (caught as { data?: { details?: { errors?: unknown[] } } }).data,
      );
    expect(wire?.details?.errors).toHaveLength(5);
    const error = await hub.services.tournaments.tabbycat
      .import(fixtureFolder('broken'), { ownerId: account.id })
      .then(
        () => ({}) as HubError,
        (caught: unknown) => caught as HubError,
      );
    expect(error.details?.errors).toEqual([
      {
        file: 'institutions.csv',
        row: 2,
        column: 'code',
        message: 'institutions.csv 第 2 行：机构代码「Lakeside」与第 1 行重复',
      },
      {
        file: 'speakers.csv',
        row: 1,
        column: 'institution',
        message: 'speakers.csv 第 1 行：机构「Nowhere」不在 institutions.csv 中',
      },
      {
        file: 'speakers.csv',
        row: 2,
        column: 'use_institution_prefix',
        message: 'speakers.csv 第 2 行：「use_institution_prefix」应为 TRUE 或 FALSE，而不是「MAYBE」',
      },
      {
        file: 'adjudicators.csv',
        row: 1,
        column: 'base_score',
        message: 'adjudicators.csv 第 1 行：「base_score」应为数字，而不是「high」',
      },
      {
        file: 'rounds.csv',
        row: 1,
        column: 'draw_type',
        message: expect.stringContaining('rounds.csv 第 1 行：编排方式「coin toss」不认识'),
      },
    ]);
    expect(await tournamentCount()).toBe(before);
    // The account's one tournament is still free: a valid folder goes in.
    const ok = await account.client.tournament.importTabbycat.mutate({
      files: fixtureFolder('anorak-small'),
    });
    expect(ok.tournament.slug).toBe('tabbycat');
  });

  it('refuses what the tournament limits would not take, with the file named', async () => {
    const account = await createAccount(hub, 'tabbycat-limits');
    const files = fixtureFolder('anorak-small');
    files['venues.csv'] = `name,priority\n${'会'.repeat(41)},1\n`;
    const refused = await hub.services.tournaments.tabbycat.import(files, { ownerId: account.id }).then(
      () => ({}) as HubError,
      (caught: unknown) => caught as HubError,
    );
    expect(refused.reason).toBe('import-invalid');
    expect(refused.details?.errors).toEqual([
      expect.objectContaining({ file: 'venues.csv', message: expect.stringContaining('超过 40 个字符') }),
    ]);
  });

  it('refuses folders over the size limits in Chinese before reading them', async () => {
    const many = Object.fromEntries(Array.from({ length: 31 }, (_, index) => [`f${index}.csv`, 'a\n']));
    const tooMany = await outcome(owner.client.tournament.importTabbycat.mutate({ files: many }));
    expect(tooMany).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(tooMany.ok ? '' : tooMany.message).toContain('文件过多（最多 30 个）');
    const none = await outcome(owner.client.tournament.importTabbycat.mutate({ files: {} }));
    expect(none.ok ? '' : none.message).toContain('请选择 Tabbycat 导入文件夹中的文件');
  });

  it('imports a British Parliamentary folder (boots layout): four teams a room, categories, eligibility', async () => {
    const account = await createAccount(hub, 'tabbycat-bp');
    const result = await hub.services.tournaments.tabbycat.import(fixtureFolder('boots-bp'), {
      name: '测试杯',
      ownerId: account.id,
    });
    expect(result).toMatchObject({
      format: 'bp',
      teamsPerRoom: 4,
      teams: 4,
      speakers: 8,
      adjudicators: 3,
      motions: 3,
      rounds: 4,
      breakCategories: 2,
      speakerCategories: 1,
      conflicts: 3,
    });
    expect(result.tournament.slug).toMatch(/^tabbycat(-\d+)?$/);
    const id = result.tournament.id;
    const [row] = await db().select().from(tournaments).where(eq(tournaments.id, id));
    expect(row).toMatchObject({ name: '测试杯', teamsPerRoom: 4, format: { kind: 'builtin', id: 'bp' } });
    const categories = await db()
      .select()
      .from(tournamentSpeakerCategories)
      .where(eq(tournamentSpeakerCategories.tournamentId, id));
    expect(categories).toEqual([expect.objectContaining({ slug: 'novice', name: 'Novice', public: true })]);
    const speakers = await db()
      .select({ name: tournamentSpeakers.name, categories: tournamentSpeakers.categories })
      .from(tournamentSpeakers)
      .where(eq(tournamentSpeakers.tournamentId, id));
    expect(
      speakers
        .filter((speaker) => speaker.categories.includes('novice'))
        .map((speaker) => speaker.name)
        .sort(),
    ).toEqual(['Pia Lark', 'Uri Voss', 'Vee Wren', 'Wes Yarrow']);
    const eligibility = await db()
      .select({ team: tournamentTeams.name, category: tournamentBreakCategories.slug })
      .from(tournamentBreakEligibility)
      .innerJoin(tournamentTeams, eq(tournamentTeams.id, tournamentBreakEligibility.teamId))
      .innerJoin(
        tournamentBreakCategories,
        eq(tournamentBreakCategories.id, tournamentBreakEligibility.breakCategoryId),
      )
      .where(eq(tournamentBreakEligibility.tournamentId, id));
    expect(
      eligibility
        .filter((each) => each.category === 'novice')
        .map((each) => each.team)
        .sort(),
    ).toEqual(['Ember A', 'Frost B']);
    expect(eligibility).toHaveLength(6);
    // scores.csv gives the base scores.
    const judges = await db()
      .select({ name: tournamentJudges.name, baseScore: tournamentJudges.baseScore })
      .from(tournamentJudges)
      .where(eq(tournamentJudges.tournamentId, id))
      .orderBy(asc(tournamentJudges.position));
    expect(judges.map((judge) => judge.baseScore)).toEqual([4, 3.5, 2]);
    // A motion used in two rounds is set in each.
    const lanterns = await db()
      .select({ round: tournamentRounds.abbreviation })
      .from(tournamentMotions)
      .innerJoin(tournamentRounds, eq(tournamentRounds.id, tournamentMotions.roundId))
      .where(and(eq(tournamentMotions.tournamentId, id), eq(tournamentMotions.reference, 'Lanterns')));
    expect(lanterns.map((each) => each.round).sort()).toEqual(['NF', 'OF']);
    // Deleting the tournament takes every imported row with it.
    await db().delete(tournaments).where(eq(tournaments.id, id));
    for (const table of [tournamentInstitutions, tournamentSpeakers, tournamentConflicts, tournamentMotions])
      expect((await db().select({ n: count() }).from(table).where(eq(table.tournamentId, id)))[0]!.n).toBe(0);
  });

  describe.skipIf(!existsSync(TABBYCAT_REPO))("Tabbycat's own example folders", () => {
    it.each([
      ['australs24team', { format: 'australs', teamsPerRoom: 2, teams: 24, adjudicators: 29, rounds: 10 }],
      ['bp88team', { format: 'bp', teamsPerRoom: 4, teams: 88, adjudicators: 80, rounds: 14 }],
    ] as const)('%s', async (name, expected) => {
      const account = await createAccount(hub, `tabbycat-${name}`);
      const result = await hub.services.tournaments.tabbycat.import(tabbycatExample(name), {
        name,
        ownerId: account.id,
      });
      expect(result).toMatchObject({ tournament: { slug: name }, ...expected });
      const view = await hub.services.tournaments.core.view(name, {
        id: account.id,
        email: account.email,
        displayName: '',
      });
      expect(view.teams).toHaveLength(expected.teams);
      expect(view.judges).toHaveLength(expected.adjudicators);
    });
  });
});
