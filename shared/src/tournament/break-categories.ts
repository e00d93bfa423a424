/**
 * The break per break category (open, ESL, 新生…), computed from the group stage's standings by
 * each category's rule, and what the console and the public page show of it. Pure: the hub
 * gathers the rows, this decides.
 */
import { z } from 'zod';
import { computeBreaks, type BreakExclusion, type BreakRule as EngineBreakRule } from './engine/break';
import type { TeamStanding } from './engine/standings';
import { TABBYCAT_BREAK_RULES, type TabbycatBreakRule } from './tabbycat/types';
import type { TieBreak } from './tournament.schema';
import type { StandingsRow } from './tournament.view';

/** The rules a break category may follow, by Tabbycat's names (as imported and stored). */
export const BREAK_CATEGORY_RULES = TABBYCAT_BREAK_RULES;
/** A break category's rule. */
export type BreakCategoryRule = TabbycatBreakRule;
export type { BreakExclusion };

/**
 * The tab engine's rule for a stored rule. The engine knows three: `standard`; `aida1996`
 * (at most three teams per institution); `aida2016`, the rule AIDA adopted in 2016 (teams with
 * fewer wins than the natural last breaking team are out; an institution's second and later
 * teams below the natural cut-off, and any beyond three, are capped, then capped teams return
 * in standings order while the break is short). Tabbycat's two 2016 variants (Easters and
 * Australs) and the 2019 Australs open rule all rest on that mechanism and differ in details
 * of the reinsertion the engine does not model, so all three map onto `aida2016`.
 */
export function engineBreakRule(rule: BreakCategoryRule): EngineBreakRule {
  switch (rule) {
    case 'standard':
      return 'standard';
    case 'aida-1996':
      return 'aida1996';
    case 'aida-2016-easters':
    case 'aida-2016-australs':
    case 'aida-2019-australs-open':
      return 'aida2016';
  }
}

/** Teams per institution the AIDA rules let break. */
export const BREAK_INSTITUTION_CAP = 3;
/** Largest break a category may have. */
export const BREAK_SIZE_MAX = 256;
/** The implicit open category's size when the organizer has not said. */
export const DEFAULT_OPEN_BREAK_SIZE = 8;

const sizeSchema = z
  .number({ error: '晋级名额须为整数' })
  .int({ error: '晋级名额须为整数' })
  .min(1, { error: '晋级名额至少 1 队' })
  .max(BREAK_SIZE_MAX, { error: `晋级名额最多 ${BREAK_SIZE_MAX} 队` });
const ruleSchema = z.enum(BREAK_CATEGORY_RULES, { error: '未知的晋级规则' });

/** The implicit open category's size and rule, as the console previews it before saving. */
export const openBreakSchema = z.strictObject({ size: sizeSchema, rule: ruleSchema });
/** A category's new size and rule. */
export const breakCategoryPatchSchema = z.strictObject({
  categoryId: z.string().min(1).max(64),
  size: sizeSchema,
  rule: ruleSchema,
});
export type BreakCategoryPatch = z.output<typeof breakCategoryPatchSchema>;
/** Longest break category name, in characters. */
export const BREAK_CATEGORY_NAME_MAX = 40;
/** Lowest and highest priority a category may be given. */
export const BREAK_PRIORITY_MIN = -1000;
export const BREAK_PRIORITY_MAX = 1000;
/**
 * A new break category: its name, size and rule. The first a tournament gets is the general
 * (open) one, every team eligible; later ones are not, and their teams are chosen
 * (`breakEligibilitySchema`). `priority` decides where a team eligible in several breaks: the
 * higher first. Left out, the first category gets 0 and each later one ranks just below every
 * existing category (the open break takes a team first, then the categories in the order created).
 */
export const breakCategoryCreateSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { error: '请填写晋级类别名称' })
    .max(BREAK_CATEGORY_NAME_MAX, { error: `晋级类别名称最多 ${BREAK_CATEGORY_NAME_MAX} 个字符` }),
  size: sizeSchema,
  rule: ruleSchema,
  priority: z
    .number({ error: '优先级须为整数' })
    .int({ error: '优先级须为整数' })
    .min(BREAK_PRIORITY_MIN, { error: `优先级须在 ${BREAK_PRIORITY_MIN} 到 ${BREAK_PRIORITY_MAX} 之间` })
    .max(BREAK_PRIORITY_MAX, { error: `优先级须在 ${BREAK_PRIORITY_MIN} 到 ${BREAK_PRIORITY_MAX} 之间` })
    .optional(),
});
export type BreakCategoryCreate = z.output<typeof breakCategoryCreateSchema>;

/** Most teams one eligibility list may name. */
export const BREAK_ELIGIBILITY_MAX = 2000;
/** The teams eligible to break in a (non-general) category: replaces its list. */
export const breakEligibilitySchema = z.strictObject({
  categoryId: z.string().min(1).max(64),
  teamIds: z
    .array(z.string().min(1).max(64), { error: '队伍列表格式不正确' })
    .max(BREAK_ELIGIBILITY_MAX, { error: `一次最多 ${BREAK_ELIGIBILITY_MAX} 支队伍` }),
});
export type BreakEligibility = z.output<typeof breakEligibilitySchema>;

/**
 * The ASCII letters and digits of a name, dashed and lower-cased, at most 40 characters
 * ("Australs 2024" → australs-2024); '' for a name in Chinese.
 */
export function asciiSlug(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/**
 * A category's address part from its name: its ASCII letters and digits ("ESL" → esl), else
 * `category` (a name in Chinese has none); `-2`, `-3`… when `taken` already has it.
 */
export function breakCategorySlug(name: string, taken: ReadonlySet<string>): string {
  const base = asciiSlug(name) || 'category';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Two category names that read the same (case, width and surrounding spaces aside). */
export function sameBreakCategoryName(x: string, y: string): boolean {
  const key = (name: string) => name.normalize('NFKC').trim().toLowerCase();
  return key(x) === key(y);
}

/** A break category as the break reads it. */
export interface BreakCategoryInput {
  /** null: the implicit open category of a tournament without any. */
  id: string | null;
  name: string;
  slug: string;
  seq: number;
  size: number;
  rule: BreakCategoryRule;
  isGeneral: boolean;
  priority: number;
  /** The break as released: seeds in order. */
  released: { at: number; teamIds: string[] } | null;
}

/** A team as the break reads it. */
export interface BreakTeamInput {
  id: string;
  name: string;
  /** The institution's name as pages show it ('' when none). */
  school: string;
  /** What the institution cap counts by (the institution's id, or the school's key); null: none. */
  institutionKey: string | null;
  /** Ids of the (non-general) categories the team is eligible for. */
  categoryIds: readonly string[];
}

/** One team's line in a break list. */
export interface BreakTeamLine {
  teamId: string;
  name: string;
  school: string;
  /** Place in the standings (tied teams share it). */
  rank: number;
  wins: number;
  /** BP: team points; two-team: ballots won. */
  points: number;
  speakerPoints: number;
  /** Any of its results carried speaker points (else 辩手总分 shows —, not 0). */
  scored: boolean;
}

/** One category's break. */
export interface BreakCategoryPreview {
  id: string | null;
  name: string;
  slug: string;
  size: number;
  rule: BreakCategoryRule;
  isGeneral: boolean;
  priority: number;
  /** Teams eligible to break in it. */
  eligible: number;
  /** A non-general category's eligible teams (a general one: every team, not listed). */
  eligibleTeamIds?: string[];
  breaking: Array<BreakTeamLine & { seed: number }>;
  /** Teams ranked above the last breaking team that do not break, and why. */
  excluded: Array<BreakTeamLine & { reason: BreakExclusion }>;
  /** Teams equal on every tie-break across the cut-off (to review before release). */
  tiedAtCutoff: BreakTeamLine[];
  released: { at: number; teamIds: string[] } | null;
  /** Released, and the list computed now differs from it. */
  changedSinceRelease: boolean;
}

/** What the console's 晋级 panel shows. */
export interface BreakPreview {
  /** No category is stored: one implicit open category, sized by the organizer's input. */
  implicit: boolean;
  /** Confirmed group-stage results the standings come from. */
  results: number;
  categories: BreakCategoryPreview[];
}

/** A released category as the public page shows it. */
export interface ReleasedBreakCategory {
  id: string;
  name: string;
  releasedAt: number;
  teams: Array<{ seed: number; teamId: string; name: string; school: string }>;
}

/**
 * The standings as the tab engine ranks them: tied rows share a rank, so that the break can
 * flag ties across the cut-off. `rows` are one table, best first. Two-team standings mark a
 * row `tied` when it equals the row above (the first of a group is not marked); BP rows already
 * share their rank. The engine's `wins` is what the AIDA 2016 rule compares: wins in two-team
 * formats, team points in BP (where a room has no single loser).
 */
export function engineStandings(rows: readonly StandingsRow[], bp: boolean): TeamStanding[] {
  let rank = 0;
  return rows.map((row, index) => {
    rank = bp ? row.rank : row.tied && index > 0 ? rank : index + 1;
    return {
      teamId: row.teamId,
      rank,
      tied: row.tied,
      metrics: {
        points: bp ? (row.teamPoints ?? 0) : row.wins,
        wins: bp ? (row.teamPoints ?? 0) : row.wins,
        votes: row.ballotsWon,
        speakerTotal: row.speakerPoints,
        speakerAverage: 0,
        drawStrength: 0,
        firsts: 0,
        seconds: 0,
      },
    };
  });
}

/**
 * Several pools' standings as one table: every row ordered by the tie-breaks across pools
 * (head-to-head left out: the teams have not all met), rows equal on all of them marked tied
 * to the row above, as one table's rows are.
 */
export function mergePoolStandings(
  pools: ReadonlyArray<readonly StandingsRow[]>,
  tieBreaks: readonly TieBreak[],
): StandingsRow[] {
  const value = (row: StandingsRow, criterion: TieBreak) =>
    criterion === 'wins'
      ? row.wins
      : criterion === 'ballots'
        ? row.ballotsWon
        : criterion === 'speakerPoints'
          ? row.speakerPoints
          : 0;
  const compare = (x: StandingsRow, y: StandingsRow) => {
    for (const criterion of tieBreaks) {
      const diff = value(y, criterion) - value(x, criterion);
      if (Math.abs(diff) > 1e-9) return diff;
    }
    return 0;
  };
  const all = pools.flat();
  const sorted = all
    .map((row, at) => ({ row, at }))
    .sort((x, y) => compare(x.row, y.row) || x.row.rank - y.row.rank || x.at - y.at)
    .map(({ row }) => row);
  return sorted.map((row, index) => ({
    ...row,
    rank: index + 1,
    tied: index > 0 && compare(sorted[index - 1]!, row) === 0,
  }));
}

/** Every category's break from one table of standings (best first). */
export function computeBreakPreview(input: {
  categories: readonly BreakCategoryInput[];
  teams: readonly BreakTeamInput[];
  standings: readonly StandingsRow[];
  bp: boolean;
  results: number;
}): BreakPreview {
  const teams = new Map(input.teams.map((team) => [team.id, team]));
  const rows = new Map(input.standings.map((row) => [row.teamId, row]));
  const ranked = engineStandings(
    input.standings.filter((row) => teams.has(row.teamId)),
    input.bp,
  );
  const rankOf = new Map(ranked.map((row) => [row.teamId, row.rank]));
  const key = (category: BreakCategoryInput) => category.id ?? '';
  const results = computeBreaks(
    input.categories.map((category) => ({
      id: key(category),
      size: category.size,
      rule: engineBreakRule(category.rule),
      priority: category.priority,
      everyone: category.isGeneral,
      institutionCap: BREAK_INSTITUTION_CAP,
    })),
    ranked,
    input.teams.map((team) => ({
      id: team.id,
      institution: team.institutionKey,
      categories: team.categoryIds,
    })),
  );
  const byId = new Map(results.map((result) => [result.categoryId, result]));
  const line = (teamId: string): BreakTeamLine => {
    const team = teams.get(teamId);
    const row = rows.get(teamId);
    return {
      teamId,
      name: team?.name ?? '',
      school: team?.school ?? '',
      rank: rankOf.get(teamId) ?? 0,
      wins: row?.wins ?? 0,
      points: input.bp ? (row?.teamPoints ?? 0) : (row?.ballotsWon ?? 0),
      speakerPoints: row?.speakerPoints ?? 0,
      scored: row?.scored ?? false,
    };
  };
  const categories = [...input.categories]
    .sort((x, y) => x.seq - y.seq)
    .map((category): BreakCategoryPreview => {
      const result = byId.get(key(category))!;
      const breaking = result.breaking.map((row) => ({ ...line(row.teamId), seed: row.seed }));
      const seeds = breaking.map((row) => row.teamId);
      const eligibleIds = category.isGeneral
        ? null
        : input.teams.filter((team) => team.categoryIds.includes(key(category))).map((team) => team.id);
      return {
        id: category.id,
        name: category.name,
        slug: category.slug,
        size: category.size,
        rule: category.rule,
        isGeneral: category.isGeneral,
        priority: category.priority,
        eligible: eligibleIds ? eligibleIds.length : input.teams.length,
        ...(eligibleIds ? { eligibleTeamIds: eligibleIds } : {}),
        breaking,
        excluded: result.excluded.map((row) => ({ ...line(row.teamId), reason: row.reason })),
        tiedAtCutoff: result.tiedAtCutoff.map(line),
        released: category.released,
        changedSinceRelease:
          category.released !== null &&
          (category.released.teamIds.length !== seeds.length ||
            category.released.teamIds.some((id, at) => seeds[at] !== id)),
      };
    });
  return {
    implicit: input.categories.every((category) => category.id === null),
    results: input.results,
    categories,
  };
}

/**
 * The category whose break seeds a two-team knockout: the general (open) one, else the one of
 * the highest priority (the first listed among equals).
 */
export function knockoutBreakCategory<T extends { isGeneral: boolean; priority: number }>(
  categories: readonly T[],
): T | undefined {
  return (
    categories.find((category) => category.isGeneral) ??
    categories.reduce<T | undefined>(
      (best, category) => (best && best.priority >= category.priority ? best : category),
      undefined,
    )
  );
}
