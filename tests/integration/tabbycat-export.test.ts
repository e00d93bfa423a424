/**
 * A tournament written out for Tabbycat and as DebateXML on a real hub (PGlite): an imported
 * folder exported again reads back the same through the Tabbycat reader (teams, speakers,
 * adjudicators, conflicts, rounds, motions); a tournament made here exports its schools as
 * institutions; DebateXML carries a confirmed room with its panel and speaker scores. Both are
 * for the tournament's staff only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tabbycat } from '@bianshi/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../hub/src/lib/ids';
import {
  tournamentBallots,
  tournamentFixtures,
  tournamentJudges,
  tournamentResults,
  tournamentRounds,
  tournamentTeams,
} from '../../hub/src/tournaments/tournament.schema';
import { createAccount, outcome, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';

const FIXTURES = new URL('../fixtures/tabbycat/', import.meta.url).pathname;

function fixtureFolder(name: string): Record<string, string> {
  const dir = join(FIXTURES, name);
  return Object.fromEntries(readdirSync(dir).map((file) => [file, readFileSync(join(dir, file), 'utf8')]));
}

function parsed(files: Record<string, string>): tabbycat.TabbycatImport {
  const result = tabbycat.parseTabbycatFolder(files);
  if (!result.ok) throw new Error(result.errors.map((error) => error.message).join('\n'));
  return result.tournament;
}

let hub: TestHub;
let stranger: TestAccount;

beforeAll(async () => {
  hub = await startHub();
  stranger = await createAccount(hub, 'tabbycat-export-stranger');
}, 120_000);

/** A new organizer (a trial plan owns one tournament). */
const organizer = (label: string) => createAccount(hub, `tabbycat-export-${label}`);

afterAll(async () => {
  await hub?.close();
});

describe('Tabbycat export', () => {
  it('writes an imported two-team folder back as files the Tabbycat reader reads the same', async () => {
    const owner = await organizer('folder');
    const files = fixtureFolder('anorak-small');
    const original = parsed(files);
    const imported = await owner.client.tournament.importTabbycat.mutate({ name: 'Export Open', files });
    const exported = await owner.client.tournament.exportTabbycat.query({
      tournamentId: imported.tournament.id,
    });
    expect(exported.folder).toBe(`${imported.tournament.slug}-tabbycat`);
    const again = parsed(exported.files);

    expect(again.teamsPerDebate).toBe(2);
    expect(again.institutions).toEqual(original.institutions);
    const teams = (data: tabbycat.TabbycatImport) =>
      data.teams
        .map((team) => ({
          displayName: team.displayName,
          institution: team.institution,
          speakers: team.speakers.map((speaker) => speaker.name),
          breakCategories: [...team.breakCategories].sort(),
        }))
        .sort((x, y) => x.displayName.localeCompare(y.displayName));
    expect(teams(again)).toEqual(teams(original));
    const adjudicators = (data: tabbycat.TabbycatImport) =>
      data.adjudicators.map(({ name, institution, baseScore, independent, adjCore }) => ({
        name,
        institution,
        baseScore,
        independent,
        adjCore,
      }));
    expect(adjudicators(again)).toEqual(adjudicators(original));
    expect(
      again.rounds.map(({ seq, abbreviation, stage, drawType, silent }) => [
        seq,
        abbreviation,
        stage,
        drawType,
        silent,
      ]),
    ).toEqual(
      original.rounds.map(({ seq, abbreviation, stage, drawType, silent }) => [
        seq,
        abbreviation,
        stage,
        drawType,
        silent,
      ]),
    );
    expect(again.motions.map((motion) => [motion.reference, motion.text]).sort()).toEqual(
      original.motions.flatMap((motion) => motion.rounds.map(() => [motion.reference, motion.text])).sort(),
    );
    const conflictCount = (data: tabbycat.TabbycatImport) =>
      data.conflicts.adjudicatorTeam.length +
      data.conflicts.adjudicatorAdjudicator.length +
      data.conflicts.teamInstitution.length;
    expect(conflictCount(again)).toBe(conflictCount(original));
    expect(again.breakCategories).toEqual(original.breakCategories);
  });

  it('writes a BP tournament with four teams a room', async () => {
    const owner = await organizer('bp');
    const imported = await owner.client.tournament.importTabbycat.mutate({
      name: 'Export BP',
      files: fixtureFolder('boots-bp'),
    });
    const exported = await owner.client.tournament.exportTabbycat.query({
      tournamentId: imported.tournament.id,
    });
    const again = parsed(exported.files);
    expect(again.teamsPerDebate).toBe(4);
    expect(again.teams).toHaveLength(imported.teams);
    expect(again.speakerCategories.length).toBe(imported.speakerCategories);
  });

  it('writes a BP room to DebateXML with four sides, 3-2-1-0 points, scores and its round motion', async () => {
    const owner = await organizer('bp-xml');
    const created = await owner.client.tournament.create.mutate({
      tournament: {
        name: 'BP Archive',
        slug: 'export-bp-xml',
        format: { kind: 'builtin', id: 'bp' },
        judgesPerFixture: 1,
      },
    });
    await owner.client.tournament.importTeams.mutate({
      tournamentId: created.id,
      import: {
        source: 'csv',
        text: ['队名,学校,辩手', 'A队,甲校,A1;A2', 'B队,乙校,B1;B2', 'C队,丙校,C1;C2', 'D队,丁校,D1;D2'].join(
          '\n',
        ),
      },
    });
    await owner.client.tournament.addJudge.mutate({
      tournamentId: created.id,
      judge: { name: '主席', conflicts: [] },
    });
    const { roundId } = await owner.client.tournament.addRound.mutate({
      tournamentId: created.id,
      round: { drawKind: 'random' },
    });
    await owner.client.tournament.drawRound.mutate({ tournamentId: created.id, draw: { roundId } });
    await owner.client.tournament.setRoundMotions.mutate({
      tournamentId: created.id,
      roundId,
      motions: [{ reference: '', text: 'This House would ban zoos', infoSlide: '' }],
    });
    await owner.client.tournament.publishRound.mutate({ tournamentId: created.id, roundId });
    const slug = 'export-bp-xml';
    const caller = { id: owner.id, email: owner.email, displayName: '' };
    const fixture = (await hub.services.tournaments.core.view(slug, caller)).rounds[0]!.fixtures[0]!;
    await owner.client.tournament.editBpResult.mutate({
      tournamentId: created.id,
      fixtureId: fixture.id,
      bp: {
        ranking: { og: 2, oo: 1, cg: 4, co: 3 },
        scores: { og: [76, 75], oo: [78, 77], cg: [72, 71], co: [74, 73] },
      },
    });
    const { xml } = await owner.client.tournament.exportDebateXml.query({ tournamentId: created.id });
    expect(xml).toContain('style="bp"');
    const debate = xml.slice(xml.indexOf('<debate'), xml.indexOf('</debate>'));
    expect(debate.match(/<side /g)).toHaveLength(4);
    // Sides in position order: OG 2nd (2 points, 151), OO 1st (3, 155), CG 4th (0, 143), CO 3rd (1, 147).
    expect(
      [...debate.matchAll(/<side [\s\S]*?<ballot[^>]*rank="(\d)"[^>]*>([\d.]+)<\/ballot>/g)].map((m) => [
        m[1],
        m[2],
      ]),
    ).toEqual([
      ['2', '151'],
      ['1', '155'],
      ['4', '143'],
      ['3', '147'],
    ]);
    // The round's only motion, named after its round (Tabbycat needs a reference).
    expect(debate).toMatch(/motion="M\d+"/);
    expect(xml).toContain('This House would ban zoos');
  });

  it('exports a tournament made here: its schools become institutions', async () => {
    const owner = await organizer('native');
    const created = await owner.client.tournament.create.mutate({
      tournament: { name: '导出测试杯', slug: 'export-native', judgesPerFixture: 1 },
    });
    await owner.client.tournament.importTeams.mutate({
      tournamentId: created.id,
      import: {
        source: 'csv',
        text: ['队名,学校,辩手', '星河一队,星河大学,甲一;甲二;甲三;甲四', '远山队,远山学院,乙一;乙二'].join(
          '\n',
        ),
      },
    });
    const exported = await owner.client.tournament.exportTabbycat.query({ tournamentId: created.id });
    const again = parsed(exported.files);
    expect(again.institutions.map((row) => row.name).sort()).toEqual(['星河大学', '远山学院']);
    expect(again.teams.map((team) => [team.displayName, team.institution, team.speakers.length])).toEqual([
      ['星河一队', '星河大学', 4],
      ['远山队', '远山学院', 2],
    ]);
  });

  it('writes DebateXML with a confirmed room, its panel and speaker scores, for staff only', async () => {
    const owner = await organizer('archive');
    const imported = await owner.client.tournament.importTabbycat.mutate({
      name: 'Archive Open',
      files: fixtureFolder('anorak-small'),
    });
    const id = imported.tournament.id;
    const db = hub.services.database.db;
    const [round] = await db
      .select()
      .from(tournamentRounds)
      .where(eq(tournamentRounds.tournamentId, id))
      .orderBy(tournamentRounds.number)
      .limit(1);
    const teams = await db
      .select()
      .from(tournamentTeams)
      .where(eq(tournamentTeams.tournamentId, id))
      .orderBy(tournamentTeams.position);
    const judges = await db
      .select()
      .from(tournamentJudges)
      .where(eq(tournamentJudges.tournamentId, id))
      .orderBy(tournamentJudges.position);
    const [aff, neg] = [teams[0]!, teams[2]!];
    const fixtureId = newId();
    await db.insert(tournamentFixtures).values({
      id: fixtureId,
      tournamentId: id,
      roundId: round!.id,
      position: 0,
      affTeamId: aff.id,
      negTeamId: neg.id,
      venue: 'Hall 1',
      judgeIds: [judges[0]!.id, judges[1]!.id],
    });
    const scores = { aff: [75, 76, 74], neg: [73, 72, 71] };
    for (const [index, judge] of [judges[0]!, judges[1]!].entries())
      await db.insert(tournamentBallots).values({
        fixtureId,
        judgeId: judge.id,
        tournamentId: id,
        submissionId: newId(),
        winner: 'aff',
        speakerScores: index === 0 ? scores : { aff: [77, 76, 74], neg: [73, 72, 71] },
        submittedAt: Date.now(),
      });
    await db.insert(tournamentResults).values({
      fixtureId,
      tournamentId: id,
      winner: 'aff',
      votes: { aff: 2, neg: 0 },
      confirmed: true,
    });

    const { filename, xml } = await owner.client.tournament.exportDebateXml.query({ tournamentId: id });
    expect(filename).toBe(`${imported.tournament.slug}.xml`);
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('<tournament name="Archive Open"');
    expect(xml).toMatch(/<round name="Round 1"[^>]*>/);
    expect(xml).toMatch(/<debate [^>]*venue="V\d+"/);
    // The first speaker's score is the panel's average (75 and 77).
    expect(xml).toMatch(/<speech [^>]*>\s*<ballot[^>]*>76<\/ballot>/);
    // No emails in a document meant to be published.
    expect(xml).not.toContain('@example.test');

    expect(
      await outcome(stranger.client.tournament.exportDebateXml.query({ tournamentId: id })),
    ).toMatchObject({
      ok: false,
    });
    expect(
      await outcome(stranger.client.tournament.exportTabbycat.query({ tournamentId: id })),
    ).toMatchObject({
      ok: false,
    });
  });
});
