/**
 * Tournaments (世界杯 hub): what organizers write (zod schemas with zh-CN messages) and the
 * constants every layer shares. What the hub sends back is in `tournament.view.ts`.
 */
import { z } from 'zod';
import { SIDE_IDS } from '../formats/format.schema';
import { BP_SPEAKERS_PER_TEAM, checkBpBallot } from './bp-rooms';

/** Who may see a tournament: listed, reachable by link only, or its staff only. */
export const TOURNAMENT_VISIBILITIES = ['public', 'unlisted', 'private'] as const;
/** A tournament's visibility. */
export type TournamentVisibility = (typeof TOURNAMENT_VISIBILITIES)[number];
/** zh-CN names of the visibilities. */
export const TOURNAMENT_VISIBILITY_LABELS: Record<TournamentVisibility, string> = {
  public: '公开',
  unlisted: '仅链接可见',
  private: '仅工作人员可见',
};

/**
 * Staff roles, weakest first: a judge coordinator manages judges, conflicts and judge
 * assignments; an organizer runs everything else; the owner also manages the staff.
 */
export const TOURNAMENT_ROLES = ['judgeCoordinator', 'organizer', 'owner'] as const;
/** A staff role. */
export type TournamentRole = (typeof TOURNAMENT_ROLES)[number];
/** zh-CN names of the staff roles. */
export const TOURNAMENT_ROLE_LABELS: Record<TournamentRole, string> = {
  judgeCoordinator: '评委协调',
  organizer: '组织者',
  owner: '所有者',
};
/** True when `role` is at least `minimum`. */
export function tournamentRoleAtLeast(role: TournamentRole | null, minimum: TournamentRole): boolean {
  return role !== null && TOURNAMENT_ROLES.indexOf(role) >= TOURNAMENT_ROLES.indexOf(minimum);
}

/** Fixture status as screens show it: 未开始 / 进行中 / 已结束. */
export const FIXTURE_STATUSES = ['scheduled', 'live', 'finished'] as const;
/** A fixture's status. */
export type FixtureStatus = (typeof FIXTURE_STATUSES)[number];
/** zh-CN names of the fixture statuses. */
export const FIXTURE_STATUS_LABELS: Record<FixtureStatus, string> = {
  scheduled: '未开始',
  live: '进行中',
  finished: '已结束',
};

/** A round is drafted (editable), then published (timers and lobby exist). */
export const ROUND_STATUSES = ['draft', 'published'] as const;
/** A round's status. */
export type RoundStatus = (typeof ROUND_STATUSES)[number];

/** Stage kinds: a group stage (pools, round robin) or a knockout (bracket). */
export const TOURNAMENT_STAGE_KINDS = ['group', 'knockout'] as const;
/** A stage kind. */
export type TournamentStageKind = (typeof TOURNAMENT_STAGE_KINDS)[number];

/** Standings criteria an organizer may order for tie-breaks. */
export const TIE_BREAKS = ['wins', 'ballots', 'speakerPoints', 'headToHead'] as const;
/** A standings criterion. */
export type TieBreak = (typeof TIE_BREAKS)[number];
/** zh-CN names of the criteria. */
export const TIE_BREAK_LABELS: Record<TieBreak, string> = {
  wins: '胜场',
  ballots: '得票',
  speakerPoints: '辩手总分',
  headToHead: '相互胜负',
};
/** The default order: wins, then ballots, then head-to-head, then speaker points. */
export const DEFAULT_TIE_BREAKS: readonly TieBreak[] = ['wins', 'ballots', 'headToHead', 'speakerPoints'];

/**
 * Limits. Sized for the largest two-team tournaments we serve (issue 34): 200 teams make 100
 * rooms a round, each with a panel of 3 judges and a venue of its own, with room to spare.
 */
export const TOURNAMENT_LIMITS = {
  teams: 256,
  judges: 512,
  venues: 128,
  /**
   * Rooms in one round: every room of a round of the most teams. A round's lobby holds all of
   * them (hand-made lobbies stay at LOBBY_MAX_TIMERS; docs/decisions/034-round-lobbies.md).
   */
  roomsPerRound: 128,
  pools: 16,
  judgesPerFixture: 9,
  speakersPerSide: 8,
  organizers: 20,
} as const;

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label}最多 ${max} 个字符` });
const required = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: `${label}不能为空` })
    .max(max, { error: `${label}最多 ${max} 个字符` });

/** An id as procedures accept it. */
export const tournamentIdSchema = z.string().min(1).max(64);

/** Words `/worldcup/<word>` already routes to a page of its own, so no tournament may take them. */
export const RESERVED_TOURNAMENT_SLUGS: readonly string[] = ['new', 'ballot'];

/** The slug in `/worldcup/:slug`: lower-case letters, digits and hyphens, 3 to 48. */
export const tournamentSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{2,47}$/, { error: '短链接只能包含小写字母、数字和 -，长度 3 到 48' })
  .refine((slug) => !RESERVED_TOURNAMENT_SLUGS.includes(slug), {
    error: '这个短链接是网站保留的地址，请换一个',
  });

/** A calendar day, `2026-11-23`. */
const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: '日期格式应为 YYYY-MM-DD' });

/** Epoch milliseconds. */
export const epochMsSchema = z.number().int().min(0).max(8_640_000_000_000_000);

/** The tournament's format: a built-in by id, or a custom format (validated as formats are). */
export const tournamentFormatSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('builtin'), id: z.string().min(1).max(64) }),
  z.strictObject({ kind: z.literal('custom'), format: z.unknown() }),
]);
/** A tournament's format reference. */
export type TournamentFormat = z.output<typeof tournamentFormatSchema>;

/** A tournament as its organizers write it. */
export const tournamentInputSchema = z
  .strictObject({
    name: required('赛事名称', 80),
    slug: tournamentSlugSchema,
    season: text('赛季', 20).default(''),
    description: text('简介', 2000).default(''),
    format: tournamentFormatSchema.default({ kind: 'builtin', id: 'cn-worldcup' }),
    visibility: z
      .enum(TOURNAMENT_VISIBILITIES, { error: '可见性只能是 公开、仅链接可见 或 仅工作人员可见' })
      .default('public'),
    startDate: daySchema.nullable().default(null),
    endDate: daySchema.nullable().default(null),
    /** Rooms (会场), by name. */
    venues: z
      .array(required('会场名称', 40))
      .max(TOURNAMENT_LIMITS.venues, { error: `最多 ${TOURNAMENT_LIMITS.venues} 个会场` })
      .default([]),
    /** Judges per fixture that publishing a round assigns. */
    judgesPerFixture: z.number().int().min(0).max(TOURNAMENT_LIMITS.judgesPerFixture).default(3),
    tieBreaks: z
      .array(z.enum(TIE_BREAKS))
      .min(1, { error: '至少选择一项排名依据' })
      .refine((list) => new Set(list).size === list.length, { error: '排名依据不能重复' })
      .default([...DEFAULT_TIE_BREAKS]),
    /**
     * 平票时主席决定票: on level votes the chair's ballot decides (panels.ts). Left out, a new
     * tournament takes its format's default (`castingVoteDefault`) and a saved one keeps its own.
     */
    castingVote: z.boolean({ error: '平票时主席决定票只能是开启或关闭' }).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.startDate && input.endDate && input.endDate < input.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: '结束日期不能早于开始日期' });
    if (new Set(input.venues).size !== input.venues.length)
      ctx.addIssue({ code: 'custom', path: ['venues'], message: '会场名称不能重复' });
  });
/** A tournament as written (defaults applied). */
export type TournamentInput = z.output<typeof tournamentInputSchema>;
/** A tournament as sent. */
export type TournamentInputRaw = z.input<typeof tournamentInputSchema>;

/** A team entered by hand or from CSV (not linked to the library). */
export const tournamentTeamInputSchema = z.strictObject({
  name: required('队名', 80),
  school: text('学校', 80).default(''),
  members: z
    .array(required('辩手姓名', 40))
    .max(TOURNAMENT_LIMITS.speakersPerSide, { error: '最多 8 位辩手' })
    .default([]),
  /** Seed for the draw (1 = strongest); null when unseeded. */
  seed: z.number().int().min(1).max(999).nullable().default(null),
});
/** A team as written. */
export type TournamentTeamInput = z.output<typeof tournamentTeamInputSchema>;

/** What `tournament.importTeams` takes: library teams/schools, or CSV text (see `TOURNAMENT_TEAM_CSV_COLUMNS`). */
export const teamImportSchema = z.discriminatedUnion('source', [
  z.strictObject({
    source: z.literal('library'),
    /** A library team (its school and members come along), or a school (the team takes the school's name). */
    entries: z
      .array(
        z.union([
          z.strictObject({ teamId: z.string().min(1).max(64) }),
          z.strictObject({ schoolId: z.string().min(1).max(64), name: text('队名', 80).default('') }),
        ]),
      )
      .min(1, { error: '请至少选择一支队伍' })
      .max(TOURNAMENT_LIMITS.teams),
  }),
  z.strictObject({
    source: z.literal('csv'),
    text: z.string().max(1_000_000, { error: '文件过大（最多 1 MB）' }),
  }),
]);
/** A team import request. */
export type TeamImport = z.output<typeof teamImportSchema>;

/** A judge as written: a name, optionally the judge's account (recorded for the staff; ballots always go through the private link). */
export const judgeInputSchema = z.strictObject({
  name: required('评委姓名', 40),
  /** Email of an existing account, or '' for a judge without an account. */
  email: z.union([z.literal(''), z.email({ error: '邮箱格式无效' }).max(200)]).default(''),
  /** Schools (school keys, see `TournamentSchoolRef`) the judge may not judge. */
  conflicts: z.array(z.string().min(1).max(120)).max(50).default([]),
});
/** A judge as written. */
export type JudgeInput = z.output<typeof judgeInputSchema>;

/** A best-debater vote: the side and the speaker's position (1 = 一辩). */
export const bestDebaterVoteSchema = z.strictObject({
  side: z.enum(SIDE_IDS, { error: '最佳辩手须选择正方或反方' }),
  position: z.number().int().min(1).max(TOURNAMENT_LIMITS.speakersPerSide),
});
/** A best-debater vote. */
export type BestDebaterVote = z.output<typeof bestDebaterVoteSchema>;

const speakerScore = z
  .number({ error: '分数必须是数字' })
  .min(0, { error: '分数不能小于 0' })
  .max(100, { error: '分数不能大于 100' });

const place = z.number({ error: '名次必须是数字' }).int({ error: '名次必须是整数' });
const score = z.number({ error: '分数必须是数字' });
const perPosition = <T extends z.ZodType>(item: T) =>
  z.strictObject({ og: item, oo: item, cg: item, co: item });

/** A BP room's ballot: the ranking of the four positions and each team's two speakers' scores. */
export const bpBallotSchema = z
  .strictObject({
    ranking: perPosition(place),
    scores: perPosition(z.array(score).max(BP_SPEAKERS_PER_TEAM + 1)),
  })
  .superRefine((ballot, ctx) => {
    for (const message of checkBpBallot(ballot.ranking, ballot.scores))
      ctx.addIssue({ code: 'custom', path: ['ranking'], message });
  });
/** A BP ballot as written. */
export type BpBallot = z.output<typeof bpBallotSchema>;

/** One judge's ballot. */
export const ballotInputSchema = z.strictObject({
  winner: z.enum(SIDE_IDS, { error: '请选择胜方：正方或反方' }),
  /** Speaker scores by side, one per position (optional). */
  speakerScores: z
    .strictObject({
      aff: z.array(speakerScore).max(TOURNAMENT_LIMITS.speakersPerSide),
      neg: z.array(speakerScore).max(TOURNAMENT_LIMITS.speakersPerSide),
    })
    .nullable()
    .default(null),
  bestDebater: bestDebaterVoteSchema.nullable().default(null),
  comment: text('评语', 2000).default(''),
  /** BP rooms: the panel's ranking of the four teams and their speakers' scores (the chair's ballot). */
  bp: bpBallotSchema.optional(),
});
/** A ballot as written. */
export type BallotInput = z.output<typeof ballotInputSchema>;

/** A client-generated id for one submission: a retried submit with the same id counts once. */
export const submissionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '提交编号无效' });

/** A fixture's result as an organizer confirms or edits it. */
export const resultInputSchema = z
  .strictObject({
    winner: z.enum(SIDE_IDS, { error: '胜方只能是正方或反方' }),
    /** 票型, e.g. 3:2. */
    votes: z.strictObject({ aff: z.number().int().min(0).max(99), neg: z.number().int().min(0).max(99) }),
    bestDebater: bestDebaterVoteSchema.nullable().default(null),
  })
  .superRefine((result, ctx) => {
    if (
      result.votes.aff !== result.votes.neg &&
      (result.votes.aff > result.votes.neg ? 'aff' : 'neg') !== result.winner
    )
      ctx.addIssue({ code: 'custom', path: ['winner'], message: '胜方与票型不一致' });
  });
/** A result as written. */
export type ResultInput = z.output<typeof resultInputSchema>;

/** Manual edits of a drafted fixture (sides, venue, judges, start time, topic). */
export const fixturePatchSchema = z.strictObject({
  /** Swap or set who is 正方 and 反方: both team ids. */
  sides: z.strictObject({ aff: z.string().min(1).max(64), neg: z.string().min(1).max(64) }).optional(),
  venue: text('会场', 40).optional(),
  judgeIds: z.array(z.string().min(1).max(64)).max(TOURNAMENT_LIMITS.judgesPerFixture).optional(),
  startsAt: epochMsSchema.nullable().optional(),
});
/** A fixture patch. */
export type FixturePatch = z.output<typeof fixturePatchSchema>;

/** A manual group draw: pools by name with their team ids. */
export const manualDrawSchema = z.strictObject({
  pools: z
    .array(
      z.strictObject({
        name: required('小组名称', 20),
        teamIds: z.array(z.string().min(1).max(64)).min(2, { error: '每个小组至少 2 支队伍' }).max(32),
      }),
    )
    .min(1, { error: '至少 1 个小组' })
    .max(TOURNAMENT_LIMITS.pools, { error: `最多 ${TOURNAMENT_LIMITS.pools} 个小组` }),
  /** Seed for the side draw (recorded); generated when absent. */
  seed: z.string().trim().min(1).max(64).optional(),
});
/** A manual draw. */
export type ManualDraw = z.output<typeof manualDrawSchema>;

/** A generated group draw: how many pools, and the seed (generated by the hub when absent, always recorded). */
export const generatedDrawSchema = z.strictObject({
  poolCount: z.number().int().min(1).max(TOURNAMENT_LIMITS.pools),
  seed: z.string().trim().min(1).max(64).optional(),
});
/** A generated draw request. */
export type GeneratedDraw = z.output<typeof generatedDrawSchema>;

/** The knockout: how many teams advance from each pool. */
export const knockoutInputSchema = z.strictObject({
  /** Per pool; a Swiss stage (no pools) is one table, so this is the whole break. */
  advancePerPool: z.number().int().min(1).max(64, { error: '出线队数最多 64' }),
  /** Another break category's own knockout (ESL, 新生…), seeded from its break; absent: the main one. */
  breakCategoryId: z.string().min(1).max(64).optional(),
});
/** A knockout request. */
export type KnockoutInput = z.output<typeof knockoutInputSchema>;
