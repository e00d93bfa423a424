/**
 * CSV exports of a tournament (fixtures with results, standings), built from the same view the
 * page shows. UTF-8 with a BOM so spreadsheet programs read the Chinese; cells that a
 * spreadsheet would run as a formula are quoted with a leading apostrophe.
 */
import Papa from 'papaparse';
import { FIXTURE_STATUS_LABELS } from './tournament.schema';
import type { TournamentView } from './tournament.view';

const FORMULA = /^[=+\-@\t\r]/;

function toCsv(rows: Array<Array<string | number>>): string {
  const safe = rows.map((row) =>
    row.map((cell) => (typeof cell === 'string' && FORMULA.test(cell) ? `'${cell}` : cell)),
  );
  return '\ufeff' + Papa.unparse(safe, { newline: '\r\n' });
}

/** Fixtures by round with sides, venue, judges, status and result. */
export function fixturesCsv(view: TournamentView): string {
  const teams = new Map(view.teams.map((team) => [team.id, team.name]));
  const judges = new Map(view.judges.map((judge) => [judge.id, judge.name]));
  const pools = new Map(
    view.stages.flatMap((stage) => stage.pools.map((pool) => [pool.id, pool.name] as const)),
  );
  const rows: Array<Array<string | number>> = [
    ['轮次', '小组', '会场', '正方', '反方', '评委', '状态', '胜方', '票型', '最佳辩手', '辩题'],
  ];
  for (const round of view.rounds) {
    for (const fixture of round.fixtures) {
      const result = fixture.result?.confirmed ? fixture.result : null;
      rows.push([
        round.name,
        fixture.poolId ? (pools.get(fixture.poolId) ?? '') : '',
        fixture.venue,
        teams.get(fixture.affTeamId ?? '') ?? '',
        teams.get(fixture.negTeamId ?? '') ?? '',
        fixture.judgeIds.map((id) => judges.get(id) ?? '').join('、'),
        FIXTURE_STATUS_LABELS[fixture.status],
        result ? (teams.get(result.winnerTeamId ?? '') ?? (result.winner === 'aff' ? '正方' : '反方')) : '',
        result ? `${result.votes.aff}:${result.votes.neg}` : '',
        result?.bestDebater?.name ?? '',
        fixture.topic.text ?? '',
      ]);
    }
  }
  return toCsv(rows);
}

/** Standings of every pool. */
export function standingsCsv(view: TournamentView): string {
  const teams = new Map(view.teams.map((team) => [team.id, team]));
  const rows: Array<Array<string | number>> = [
    ['小组', '名次', '队伍', '学校', '场次', '胜', '负', '得票', '失票', '辩手总分'],
  ];
  for (const pool of view.standings) {
    for (const row of pool.rows) {
      const team = teams.get(row.teamId);
      rows.push([
        pool.poolName,
        row.rank,
        team?.name ?? '',
        team?.school ?? '',
        row.played,
        row.wins,
        row.losses,
        row.ballotsWon,
        row.ballotsLost,
        row.scored ? row.speakerPoints : '',
      ]);
    }
  }
  return toCsv(rows);
}
