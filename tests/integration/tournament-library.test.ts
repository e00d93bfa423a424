/**
 * Tournament teams are the library's (issue 32): a CSV naming a school by name, alias or a
 * spaced spelling links the library's school (created when absent), the teams become library
 * teams of the season, and confirmed results are the school's records (wins and losses on
 * /schools/<id>). Publishing a round mails each judge with an address their fixtures and
 * private link, through a real SMTP peer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TournamentView } from '@bianshi/shared';
import { createAccount, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { linkIn, startSmtpStandin, type SmtpStandin } from '../fixtures/smtp-standin';

let hub: TestHub;
let smtp: SmtpStandin;
let owner: TestAccount;
let tournamentId = '';
let fudanId = '';
const slug = `lib-${Date.now().toString(36)}`;

beforeAll(async () => {
  smtp = await startSmtpStandin();
  hub = await startHub({ env: { SMTP_URL: smtp.url, MAIL_FROM: '辩时 <no-reply@bianshi.test>' } });
  owner = await createAccount(hub, 'lib-owner');
}, 60_000);

afterAll(async () => {
  await hub?.close();
  await smtp?.close();
});

const view = (): Promise<TournamentView> => owner.client.tournament.get.query({ slug });

describe('tournament teams in the library', () => {
  it('links CSV schools to the library by name, alias or spacing, creating the missing one, and lists the teams on the school', async () => {
    ({ id: fudanId } = await owner.client.library.schools.add.mutate({
      school: { name: '复旦大学', shortName: '复旦', region: '上海', aliases: ['復旦大學'] },
    }));
    const created = await owner.client.tournament.create.mutate({
      tournament: { name: '资料库联动杯', slug, season: '2026', judgesPerFixture: 1 },
    });
    tournamentId = created.id;
    const csv = [
      '队名,学校,辩手,种子',
      '复旦一队,复旦大学,甲一;甲二;甲三;甲四,1',
      '复旦二队,復旦大學,,',
      '复旦三队, 复旦 大学 ,,',
      '武大队,武汉大学,乙一;乙二,',
    ].join('\n');
    expect(
      await owner.client.tournament.importTeams.mutate({
        tournamentId,
        import: { source: 'csv', text: csv },
      }),
    ).toEqual({ ok: true, added: 4 });
    const teams = new Map((await view()).teams.map((team) => [team.name, team]));
    for (const name of ['复旦一队', '复旦二队', '复旦三队'])
      expect(teams.get(name)).toMatchObject({ librarySchoolId: fudanId, libraryTeamId: expect.any(String) });
    const wuhan = teams.get('武大队')!;
    expect(wuhan.librarySchoolId).toEqual(expect.any(String));
    expect(wuhan.librarySchoolId).not.toBe(fudanId);
    // The missing school was created once, under its own name.
    expect(
      (await owner.client.library.schools.search.query({ q: '武汉大学' })).map((school) => school.id),
    ).toEqual([wuhan.librarySchoolId]);
    // One school in the tournament's school list (judge conflicts), not three spellings.
    expect((await view()).schools.filter((school) => school.key === `school:${fudanId}`)).toHaveLength(1);

    const page = await owner.client.library.schools.page.query({ id: fudanId });
    expect(page.teams.map((team) => [team.name, team.season]).sort()).toEqual([
      ['复旦一队', '2026'],
      ['复旦三队', '2026'],
      ['复旦二队', '2026'],
    ]);
    expect(page.teams.find((team) => team.name === '复旦一队')!.members.map((member) => member.name)).toEqual(
      ['甲一', '甲二', '甲三', '甲四'],
    );
  });

  it('mails judges their fixtures and link when a round is published', async () => {
    const judge = await owner.client.tournament.addJudge.mutate({
      tournamentId,
      judge: { name: '评委甲', email: 'judge-a@bianshi.test' },
    });
    await owner.client.tournament.addJudge.mutate({ tournamentId, judge: { name: '评委乙' } });
    await owner.client.tournament.generateDraw.mutate({ tournamentId, draw: { poolCount: 1, seed: 'lib' } });
    const round = (await view()).rounds[0]!;
    const published = await owner.client.tournament.publishRound.mutate({ tournamentId, roundId: round.id });
    expect(published.mailed).toBe(1);
    const mail = await smtp.mailTo('judge-a@bianshi.test', (each) => each.subject.includes('已发布'));
    expect(mail.subject).toBe(`【辩时】「资料库联动杯」${round.name}已发布`);
    expect(linkIn(mail, hub.url)).toBe(`${hub.url}/worldcup/ballot/${judge.ballotToken}`);
    const mine = (await view()).rounds[0]!.fixtures.find((fixture) => fixture.judgeIds.includes(judge.id))!;
    const names = new Map((await view()).teams.map((team) => [team.id, team.name]));
    expect(mail.text).toContain(
      `${names.get(mine.affTeamId!)}（正方） vs ${names.get(mine.negTeamId!)}（反方）`,
    );
  });

  it('counts confirmed results as the school’s record: wins and losses on its page', async () => {
    const round = (await view()).rounds[0]!;
    for (const fixture of round.fixtures)
      await owner.client.tournament.editResult.mutate({
        tournamentId,
        fixtureId: fixture.id,
        result: { winner: 'aff', votes: { aff: 1, neg: 0 }, bestDebater: null },
        note: '',
      });
    const after = await view();
    const schoolOf = new Map(after.teams.map((team) => [team.id, team.librarySchoolId]));
    // One record per match, the school's side read 正方 first (a match between two of its teams is one win).
    const record = (winners: ReadonlyMap<string, 'aff' | 'neg'>) => {
      let wins = 0;
      let losses = 0;
      for (const fixture of after.rounds[0]!.fixtures) {
        const side =
          schoolOf.get(fixture.affTeamId!) === fudanId
            ? 'aff'
            : schoolOf.get(fixture.negTeamId!) === fudanId
              ? 'neg'
              : null;
        if (side === null) continue;
        if (winners.get(fixture.id) === side) wins += 1;
        else losses += 1;
      }
      return { wins, losses };
    };
    const winners = new Map(after.rounds[0]!.fixtures.map((fixture) => [fixture.id, 'aff' as const]));
    const expected = record(winners);
    expect(expected.wins + expected.losses).toBe(2);
    const page = await owner.client.library.schools.page.query({ id: fudanId });
    expect({ wins: page.wins, losses: page.losses }).toEqual(expected);
    expect(page.records.map((item) => item.result.winner)).toEqual(['aff', 'aff']);
    // A corrected result corrects the record.
    const fixture = after.rounds[0]!.fixtures.find(
      (each) => schoolOf.get(each.negTeamId!) !== fudanId || schoolOf.get(each.affTeamId!) !== fudanId,
    )!;
    await owner.client.tournament.editResult.mutate({
      tournamentId,
      fixtureId: fixture.id,
      result: { winner: 'neg', votes: { aff: 0, neg: 1 }, bestDebater: null },
      note: '更正',
    });
    const corrected = await owner.client.library.schools.page.query({ id: fudanId });
    expect({ wins: corrected.wins, losses: corrected.losses }).toEqual(
      record(new Map([...winners, [fixture.id, 'neg']])),
    );
  });
});
