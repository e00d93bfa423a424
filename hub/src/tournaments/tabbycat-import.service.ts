/**
 * A tournament from a Tabbycat import folder (the CSV files Tabbycat's importer reads, named as
 * they are): parsed and checked by the shared reader, then written as one new tournament in one
 * transaction. Nothing is written unless every file and row is valid; every problem comes back
 * at once, per file and row, in Chinese. What Bianshi does not model is returned as `skipped`.
 */
import {
  asciiSlug,
  RESERVED_TOURNAMENT_SLUGS,
  TOURNAMENT_LIMITS,
  normalizeName,
  tabbycat,
  tournamentSchoolKey,
} from '@bianshi/shared';
import { count, eq } from 'drizzle-orm';
import { lockAccount } from '../auth/account-lock';
import type { EntitlementService } from '../commerce/entitlements.service';
import type { Db } from '../db/database';
import { HubError } from '../lib/errors';
import { newId, newSecretKey } from '../lib/ids';
import { T } from './messages';
import type { TournamentChanges } from './tournament-changes';
import { isUniqueViolation, type TournamentRepository } from './tournament.repository';
import { parseTournamentInput } from './tournament.service';
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
} from './tournament.schema';

/** What an import created. */
export interface TabbycatImportResult {
  tournament: { id: string; slug: string };
  /** The built-in format chosen, and the room size with why (zh-CN). */
  format: string;
  teamsPerRoom: 2 | 4;
  teamsPerRoomReason: string;
  institutions: number;
  teams: number;
  speakers: number;
  adjudicators: number;
  venues: number;
  motions: number;
  rounds: number;
  breakCategories: number;
  speakerCategories: number;
  conflicts: number;
  /** Files and columns left out, with why (zh-CN). */
  skipped: tabbycat.SkippedItem[];
}

/** The name an import gets when none is given. */
export const TABBYCAT_DEFAULT_NAME = '从 Tabbycat 导入的赛事';

/** Name lengths the tournament's own forms allow (tournament.schema in shared). */
const MAX = { teamName: 80, school: 80, judgeName: 40, venueName: 40, speakerName: 40 } as const;

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** Reads a Tabbycat folder into a new tournament owned by `ownerId`. */
export class TabbycatImporter {
  constructor(
    private readonly repository: TournamentRepository,
    private readonly options: {
      /** Counts the import against the owner's plan, as creating a tournament does (none: the command line). */
      plans?: Pick<EntitlementService, 'limitCheck'>;
      /** Tells watchers on every hub (none: the command line, where nobody watches). */
      changes?: TournamentChanges;
    } = {},
  ) {}

  /**
   * Imports `files` (file name → text; `.importer` and files Bianshi does not read included) as a
   * new tournament. Throws BAD_REQUEST `import-invalid` with `details.errors` (every problem, per
   * file and row) and writes nothing when anything is wrong.
   */
  async import(
    files: Record<string, string>,
    options: { name?: string; ownerId: string },
  ): Promise<TabbycatImportResult> {
    const parsed = tabbycat.parseTabbycatFolder(files);
    if (!parsed.ok) throw invalid(parsed.errors);
    const data = parsed.tournament;
    const errors = checkLimits(data, files);
    if (errors.length > 0) throw invalid(errors);

    const name = options.name?.trim() || TABBYCAT_DEFAULT_NAME;
    const format = formatFor(data);
    const venues = [...data.venues]
      .map((venue, index) => ({ venue, index }))
      .sort((x, y) => y.venue.priority - x.venue.priority || x.index - y.index)
      .map(({ venue }) => venue.name);
    const admit = this.options.plans
      ? await this.options.plans.limitCheck(options.ownerId, 'tournaments')
      : null;
    const skipped = [...parsed.skipped, ...hubSkipped(data)];

    let slug = await this.freeSlug(slugBase(name));
    for (let attempt = 0; ; attempt += 1) {
      const settings = parseTournamentInput({ name, slug, format: { kind: 'builtin', id: format }, venues });
      const rows = buildRows(data, newId());
      try {
        await this.repository.db.transaction(async (tx) => {
          const db = tx as unknown as Db;
          await lockAccount(db, options.ownerId);
          if (admit) {
            const [owned] = await db
              .select({ n: count() })
              .from(tournaments)
              .where(eq(tournaments.ownerId, options.ownerId));
            admit(owned?.n ?? 0);
          }
          await db.insert(tournaments).values({
            id: rows.tournamentId,
            ...settings,
            teamsPerRoom: data.teamsPerDebate,
            ownerId: options.ownerId,
          });
          await insertAll(db, tournamentInstitutions, rows.institutions);
          await insertAll(db, tournamentBreakCategories, rows.breakCategories);
          await insertAll(db, tournamentSpeakerCategories, rows.speakerCategories);
          await insertAll(db, tournamentTeams, rows.teams);
          await insertAll(db, tournamentSpeakers, rows.speakers);
          await insertAll(db, tournamentBreakEligibility, rows.eligibility);
          await insertAll(db, tournamentJudges, rows.judges);
          await insertAll(db, tournamentConflicts, rows.conflicts);
          await insertAll(db, tournamentStages, rows.stages);
          await insertAll(db, tournamentRounds, rows.rounds);
          await insertAll(db, tournamentMotions, rows.motions);
        });
      } catch (error) {
        // Another tournament took the address between the check and the insert: another one.
        if (attempt < 3 && isUniqueViolation(error, 'tournaments_slug_idx')) {
          slug = await this.freeSlug(`${slugBase(name).slice(0, 40)}-${newId().slice(0, 5).toLowerCase()}`);
          continue;
        }
        if (isUniqueViolation(error, 'tournaments_slug_idx'))
          throw new HubError('CONFLICT', T.slugTaken(slug), 'slug-taken');
        throw error;
      }
      await this.options.changes?.committed(rows.tournamentId, 1);
      return {
        tournament: { id: rows.tournamentId, slug: settings.slug },
        format,
        teamsPerRoom: data.teamsPerDebate,
        teamsPerRoomReason: data.teamsPerDebateReason,
        institutions: rows.institutions.length,
        teams: rows.teams.length,
        speakers: rows.speakers.length,
        adjudicators: rows.judges.length,
        venues: venues.length,
        motions: data.motions.length,
        rounds: rows.rounds.length,
        breakCategories: rows.breakCategories.length,
        speakerCategories: rows.speakerCategories.length,
        conflicts: rows.conflicts.length,
        skipped,
      };
    }
  }

  private freeSlug(base: string): Promise<string> {
    return freeTournamentSlug(this.repository, base);
  }
}

/** `base`, else `base-2`, `base-3`… : the first address no tournament has. */
export async function freeTournamentSlug(repository: TournamentRepository, base: string): Promise<string> {
  for (let n = 1; n < 50; n += 1) {
    const candidate = n === 1 ? base : `${base.slice(0, 44)}-${n}`;
    if (RESERVED_TOURNAMENT_SLUGS.includes(candidate)) continue;
    if (!(await repository.findBySlug(candidate))) return candidate;
  }
  return `${base.slice(0, 40)}-${newId()
    .slice(0, 6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')}`;
}

function invalid(errors: tabbycat.ImportError[]): HubError {
  return new HubError(
    'BAD_REQUEST',
    `${T.importInvalid(errors.length)}。${errors
      .slice(0, 5)
      .map((error) => error.message)
      .join('；')}`,
    'import-invalid',
    { errors },
  );
}

/**
 * The address of an imported tournament: the ASCII letters and digits of its name
 * ("Australs 2024" → australs-2024), else "tabbycat" (a name in Chinese has none).
 */
export function slugBase(name: string): string {
  const ascii = asciiSlug(name);
  return ascii.length >= 3 ? ascii : 'tabbycat';
}

/**
 * The built-in format for the room size: British Parliamentary for four teams; for two, the
 * 华语 世界杯 format when teams have four speakers or more (Chinese formats), else Australs.
 */
function formatFor(data: tabbycat.TabbycatImport): string {
  if (data.teamsPerDebate === 4) return 'bp';
  const most = data.teams.reduce((max, team) => Math.max(max, team.speakers.length), 0);
  return most >= 4 ? 'cn-worldcup' : 'australs';
}

/** The file teams come from: teams.csv when present, else speakers.csv. */
function teamsFile(files: Record<string, string>): string {
  const names = Object.keys(files).map((path) => path.slice(path.lastIndexOf('/') + 1).toLowerCase());
  return names.includes('teams.csv') ? 'teams.csv' : 'speakers.csv';
}

/** What the tournament's own limits and forms would refuse, per file (and row where known). */
function checkLimits(data: tabbycat.TabbycatImport, files: Record<string, string>): tabbycat.ImportError[] {
  const errors: tabbycat.ImportError[] = [];
  const add = (file: string, row: number | null, message: string, column?: string) =>
    errors.push({
      file,
      row,
      ...(column ? { column } : {}),
      message: `${file}${row === null ? '' : ` 第 ${row} 行`}：${message}`,
    });
  const teamFile = teamsFile(files);
  if (data.teams.length > TOURNAMENT_LIMITS.teams)
    add(teamFile, null, `有 ${data.teams.length} 支队伍，一项赛事最多 ${TOURNAMENT_LIMITS.teams} 支`);
  if (data.adjudicators.length > TOURNAMENT_LIMITS.judges)
    add(
      'adjudicators.csv',
      null,
      `有 ${data.adjudicators.length} 位裁判，一项赛事最多 ${TOURNAMENT_LIMITS.judges} 位`,
    );
  if (data.venues.length > TOURNAMENT_LIMITS.venues)
    add('venues.csv', null, `有 ${data.venues.length} 个场地，一项赛事最多 ${TOURNAMENT_LIMITS.venues} 个`);
  data.institutions.forEach((institution, index) => {
    if (institution.name.length > MAX.school)
      add('institutions.csv', index + 1, `机构名称「${institution.name}」超过 ${MAX.school} 个字符`, 'name');
  });
  const keys = new Map<string, string>();
  for (const team of data.teams) {
    if (team.displayName.length > MAX.teamName)
      add(teamFile, null, `队名「${team.displayName}」超过 ${MAX.teamName} 个字符`);
    const key = normalizeName(team.displayName);
    const other = keys.get(key);
    if (other !== undefined)
      add(teamFile, null, `队名「${team.displayName}」与「${other}」只差大小写或标点，辩时视为同一支队伍`);
    else keys.set(key, team.displayName);
    if (team.speakers.length > TOURNAMENT_LIMITS.speakersPerSide)
      add(
        teamFile,
        null,
        `队伍「${team.displayName}」有 ${team.speakers.length} 位辩手，每队最多 ${TOURNAMENT_LIMITS.speakersPerSide} 位`,
      );
    for (const speaker of team.speakers)
      if (speaker.name.length > MAX.speakerName)
        add(teamFile, null, `辩手姓名「${speaker.name}」超过 ${MAX.speakerName} 个字符`);
  }
  for (const adjudicator of data.adjudicators)
    if (adjudicator.name.length > MAX.judgeName)
      add('adjudicators.csv', null, `裁判姓名「${adjudicator.name}」超过 ${MAX.judgeName} 个字符`, 'name');
  for (const venue of data.venues)
    if (venue.name.length > MAX.venueName)
      add('venues.csv', null, `场地名称「${venue.name}」超过 ${MAX.venueName} 个字符`, 'name');
  return errors;
}

/** What the files carry that the import reads but Bianshi does not keep. */
function hubSkipped(data: tabbycat.TabbycatImport): tabbycat.SkippedItem[] {
  const categorized = data.venues.filter((venue) => venue.category !== null).length;
  return categorized > 0
    ? [
        {
          file: 'venues.csv',
          column: 'category',
          count: categorized,
          reason: '场地类别暂不使用（场地按 priority 从高到低排列）',
        },
      ]
    : [];
}

interface Rows {
  tournamentId: string;
  institutions: Array<Insert<typeof tournamentInstitutions>>;
  breakCategories: Array<Insert<typeof tournamentBreakCategories>>;
  speakerCategories: Array<Insert<typeof tournamentSpeakerCategories>>;
  teams: Array<Insert<typeof tournamentTeams>>;
  speakers: Array<Insert<typeof tournamentSpeakers>>;
  eligibility: Array<Insert<typeof tournamentBreakEligibility>>;
  judges: Array<Insert<typeof tournamentJudges>>;
  conflicts: Array<Insert<typeof tournamentConflicts>>;
  stages: Array<Insert<typeof tournamentStages>>;
  rounds: Array<Insert<typeof tournamentRounds>>;
  motions: Array<Insert<typeof tournamentMotions>>;
}

/** Every row of the new tournament, with ids, from the checked data (every reference resolves). */
function buildRows(data: tabbycat.TabbycatImport, tournamentId: string): Rows {
  const institutions = data.institutions.map((institution, position) => ({
    id: newId(),
    tournamentId,
    name: institution.name,
    code: institution.code,
    position,
  }));
  const institutionByCode = new Map(
    data.institutions.map((institution, index) => [institution.code, institutions[index]!]),
  );
  const schoolKeyOf = (code: string | null) => {
    const institution = code === null ? undefined : institutionByCode.get(code);
    return institution ? tournamentSchoolKey({ librarySchoolId: null, school: institution.name }) : '';
  };

  const breakCategories = data.breakCategories.map((category) => ({
    id: newId(),
    tournamentId,
    name: category.name,
    slug: category.slug,
    seq: category.seq,
    size: category.breakSize,
    isGeneral: category.isGeneral,
    priority: category.priority,
    rule: category.rule,
  }));
  const breakCategoryBySlug = new Map(breakCategories.map((category) => [category.slug, category.id]));
  const speakerCategories = data.speakerCategories.map((category) => ({
    id: newId(),
    tournamentId,
    name: category.name,
    slug: category.slug,
    seq: category.seq,
    public: category.public,
  }));

  const teams: Rows['teams'] = [];
  const speakers: Rows['speakers'] = [];
  const eligibility: Rows['eligibility'] = [];
  const teamByName = new Map<string, string>();
  data.teams.forEach((team, position) => {
    const institution = team.institution === null ? undefined : institutionByCode.get(team.institution);
    const id = newId();
    teamByName.set(team.displayName, id);
    // Imported teams stay the tournament's own: the library is not written to.
    teams.push({
      id,
      tournamentId,
      name: team.displayName,
      nameKey: normalizeName(team.displayName),
      school: institution?.name ?? '',
      schoolKey: schoolKeyOf(team.institution),
      institutionId: institution?.id ?? null,
      members: team.speakers.map((speaker) => speaker.name),
      position,
    });
    team.speakers.forEach((speaker, index) =>
      speakers.push({
        id: newId(),
        tournamentId,
        teamId: id,
        position: index,
        name: speaker.name,
        email: speaker.email ? speaker.email.trim().toLowerCase() : null,
        categories: speaker.categories,
      }),
    );
    for (const slug of team.breakCategories)
      eligibility.push({ breakCategoryId: breakCategoryBySlug.get(slug)!, teamId: id, tournamentId });
  });

  // Tabbycat conflicts every adjudicator with their own institution; the draw reads school keys.
  const schoolConflicts = new Map<string, Set<string>>();
  const addSchoolConflict = (judge: string, code: string | null) => {
    const key = schoolKeyOf(code);
    if (!key) return;
    const keys = schoolConflicts.get(judge) ?? new Set<string>();
    keys.add(key);
    schoolConflicts.set(judge, keys);
  };
  for (const adjudicator of data.adjudicators) addSchoolConflict(adjudicator.name, adjudicator.institution);
  for (const conflict of data.conflicts.adjudicatorInstitution)
    addSchoolConflict(conflict.adjudicator, conflict.institution);
  const judgeByName = new Map<string, string>();
  const judges = data.adjudicators.map((adjudicator, position) => {
    const id = newId();
    judgeByName.set(adjudicator.name, id);
    return {
      id,
      tournamentId,
      name: adjudicator.name,
      email: adjudicator.email ? adjudicator.email.trim().toLowerCase() : null,
      institutionId:
        adjudicator.institution === null
          ? null
          : (institutionByCode.get(adjudicator.institution)?.id ?? null),
      baseScore: adjudicator.baseScore,
      independent: adjudicator.independent,
      adjCore: adjudicator.adjCore,
      conflicts: [...(schoolConflicts.get(adjudicator.name) ?? [])],
      ballotToken: newSecretKey(),
      position,
    };
  });

  const institutionId = (code: string) => institutionByCode.get(code)!.id;
  const conflict = (
    kind: Insert<typeof tournamentConflicts>['kind'],
    refs: Partial<Insert<typeof tournamentConflicts>>,
  ) => ({
    id: newId(),
    tournamentId,
    kind,
    ...refs,
  });
  const conflicts: Rows['conflicts'] = [
    ...data.conflicts.adjudicatorTeam.map((each) =>
      conflict('judgeTeam', {
        judgeId: judgeByName.get(each.adjudicator)!,
        teamId: teamByName.get(each.team)!,
      }),
    ),
    ...data.conflicts.adjudicatorAdjudicator.map((each) =>
      conflict('judgeJudge', {
        judgeId: judgeByName.get(each.adjudicator1)!,
        otherJudgeId: judgeByName.get(each.adjudicator2)!,
      }),
    ),
    ...data.conflicts.adjudicatorInstitution.map((each) =>
      conflict('judgeInstitution', {
        judgeId: judgeByName.get(each.adjudicator)!,
        institutionId: institutionId(each.institution),
      }),
    ),
    ...data.conflicts.teamInstitution.map((each) =>
      conflict('teamInstitution', {
        teamId: teamByName.get(each.team)!,
        institutionId: institutionId(each.institution),
      }),
    ),
  ];

  // Preliminary rounds make the group stage, elimination rounds the knockout; each numbered from 1.
  const stages: Rows['stages'] = [];
  const rounds: Rows['rounds'] = [];
  const roundByAbbreviation = new Map<string, string>();
  for (const [stage, kind, stageName] of [
    ['preliminary', 'group', '预赛'],
    ['elimination', 'knockout', '淘汰赛'],
  ] as const) {
    const inStage = data.rounds.filter((round) => round.stage === stage);
    if (inStage.length === 0) continue;
    const stageId = newId();
    stages.push({ id: stageId, tournamentId, kind, name: stageName, position: kind === 'group' ? 0 : 1 });
    inStage.forEach((round, index) => {
      const id = newId();
      roundByAbbreviation.set(round.abbreviation, id);
      rounds.push({
        id,
        tournamentId,
        stageId,
        number: index + 1,
        name: round.name,
        abbreviation: round.abbreviation,
        drawKind: round.drawType,
        breakCategoryId: round.breakCategory === null ? null : breakCategoryBySlug.get(round.breakCategory)!,
        silent: round.silent,
      });
    });
  }

  const motions: Rows['motions'] = data.motions.flatMap((motion): Rows['motions'] => {
    const common = {
      tournamentId,
      reference: motion.reference,
      text: motion.text,
      infoSlide: motion.infoSlide,
    };
    if (motion.rounds.length === 0) return [{ id: newId(), roundId: null, seq: 1, ...common }];
    return motion.rounds.map((use) => ({
      id: newId(),
      roundId: roundByAbbreviation.get(use.round)!,
      seq: use.seq,
      ...common,
    }));
  });

  return {
    tournamentId,
    institutions,
    breakCategories,
    speakerCategories,
    teams,
    speakers,
    eligibility,
    judges,
    conflicts,
    stages,
    rounds,
    motions,
  };
}

/** Inserts rows in batches (Postgres takes at most 65,535 parameters a statement). */
async function insertAll<T extends Parameters<Db['insert']>[0]>(
  db: Db,
  table: T,
  rows: ReadonlyArray<T['$inferInsert']>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += 500)
    await db.insert(table).values(rows.slice(start, start + 500) as T['$inferInsert'][]);
}
