/**
 * The teams CSV of a tournament (队名, 学校, 辩手, 种子): every row checked, every problem
 * reported with its row and column in Chinese; any error and nothing is imported.
 */
import { chineseIssueMessage } from '../formats/format-json';
import { parseCsv, splitList, type ImportCheck, type ImportError } from '../library/csv-import';
import { normalizeName } from '../library/normalize';
import { TOURNAMENT_LIMITS, tournamentTeamInputSchema, type TournamentTeamInput } from './tournament.schema';

/** Columns of the teams CSV, as the template names them, with the field each fills. */
export const TOURNAMENT_TEAM_CSV_COLUMNS = [
  ['队名', 'name'],
  ['学校', 'school'],
  ['辩手', 'members'],
  ['种子', 'seed'],
] as const;

/** The teams CSV template: the header and one example row. */
export const TOURNAMENT_TEAM_CSV_TEMPLATE =
  TOURNAMENT_TEAM_CSV_COLUMNS.map(([label]) => label).join(',') +
  '\r\n' +
  '示例队,示例大学,张三;李四;王五;赵六,1\r\n';

/** The conflict key of a school: the library school's id, else its normalized name ('' when none). */
export function tournamentSchoolKey(team: { librarySchoolId: string | null; school: string }): string {
  if (team.librarySchoolId) return `school:${team.librarySchoolId}`;
  const name = normalizeName(team.school);
  return name ? `name:${name}` : '';
}

const LABELS: Record<string, string> = Object.fromEntries(
  TOURNAMENT_TEAM_CSV_COLUMNS.map(([label, field]) => [field, label]),
);

/** A checked team with the CSV row it came from. */
export interface TeamCsvRow {
  row: number;
  team: TournamentTeamInput;
}

/**
 * Checks a teams CSV. `existingNames` are the tournament's team names already entered: a row
 * repeating one (or another row) is an error.
 */
export function checkTournamentTeamsCsv(
  text: string,
  existingNames: readonly string[] = [],
): ImportCheck<TeamCsvRow> {
  const { records, errors } = parseCsv(text, TOURNAMENT_TEAM_CSV_COLUMNS, ['name']);
  const seen = new Map(existingNames.map((name) => [normalizeName(name), 0]));
  const rows: TeamCsvRow[] = [];
  if (records.length > TOURNAMENT_LIMITS.teams)
    errors.push({
      row: TOURNAMENT_LIMITS.teams + 2,
      column: '',
      message: `一次最多导入 ${TOURNAMENT_LIMITS.teams} 支队伍`,
    });
  records.slice(0, TOURNAMENT_LIMITS.teams).forEach((record, index) => {
    const row = index + 2;
    const seedText = record.seed ?? '';
    if (seedText !== '' && !/^\d{1,3}$/.test(seedText)) {
      errors.push({ row, column: '种子', message: `种子应为 1 到 999 的整数，而不是「${seedText}」` });
      return;
    }
    const parsed = tournamentTeamInputSchema.safeParse(
      {
        name: record.name ?? '',
        school: record.school ?? '',
        members: splitList(record.members),
        seed: seedText === '' ? null : Number(seedText),
      },
      { error: chineseIssueMessage },
    );
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        errors.push({ row, column: LABELS[String(issue.path[0])] ?? '', message: issue.message });
      return;
    }
    const key = normalizeName(parsed.data.name);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      errors.push({
        row,
        column: '队名',
        message:
          earlier === 0
            ? `队伍「${parsed.data.name}」已在参赛名单中`
            : `队伍「${parsed.data.name}」与第 ${earlier} 行重复`,
      });
      return;
    }
    seen.set(key, row);
    rows.push({ row, team: parsed.data });
  });
  const all: ImportError[] = errors;
  return all.length ? { ok: false, errors: all } : { ok: true, rows };
}
