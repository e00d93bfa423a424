import type {
  BestDebaterVote,
  BpRanking,
  BpScores,
  BracketNode,
  DrawRecord,
  RoundAbsent,
  RoundDrawKind,
  RoundDrawRecord,
  TieBreak,
  TournamentFormat,
  TournamentPool,
} from '@bianshi/shared';
import {
  bigint,
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn, updatedAtColumn } from '../db/columns';

/**
 * The 世界杯 tournament hub: tournaments and their staff, teams, judges, stages (pools or a
 * bracket), rounds, fixtures (each on its own timer once published), judges' ballots, and
 * results with their history. Users, timers and lobbies are referenced by id without foreign
 * keys (this file must not import the core schema, which re-exports it); a tournament's own
 * rows cascade from it.
 */

/** A tournament. `version` is bumped on every change (watchers re-read on it). */
export const tournaments = pgTable(
  'tournaments',
  {
    id: idColumn(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    season: text('season').notNull().default(''),
    description: text('description').notNull().default(''),
    format: jsonb('format').$type<TournamentFormat>().notNull(),
    visibility: text('visibility').$type<'public' | 'unlisted' | 'private'>().notNull().default('public'),
    startDate: text('start_date'),
    endDate: text('end_date'),
    venues: jsonb('venues').$type<string[]>().notNull().default([]),
    judgesPerFixture: integer('judges_per_fixture').notNull().default(3),
    /**
     * Teams in one room: 2, or 4 for British Parliamentary. Formats describe two sides (BP's
     * four teams speak as government and opposition), so the room size is the tournament's.
     */
    teamsPerRoom: integer('teams_per_room').$type<2 | 4>().notNull().default(2),
    tieBreaks: jsonb('tie_breaks').$type<TieBreak[]>().notNull(),
    /** On level votes (an even panel) the chair's ballot decides; off, the organizer decides. */
    castingVote: boolean('casting_vote').notNull().default(true),
    /** users.id of the owner. */
    ownerId: text('owner_id').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    uniqueIndex('tournaments_slug_idx').on(table.slug),
    index('tournaments_owner_idx').on(table.ownerId),
  ],
);

export type { RoundDrawKind };

/** Staff other than the owner: organizers and judge coordinators. */
export const tournamentStaff = pgTable(
  'tournament_staff',
  {
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    role: text('role').$type<'organizer' | 'judgeCoordinator'>().notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tournamentId, table.userId] }),
    index('tournament_staff_user_idx').on(table.userId),
  ],
);

/**
 * A staff invitation by email, pending until an account with that address (verified, when the
 * hub can verify) opens the tournament. Inviting never says whether the address has an account.
 */
export const tournamentStaffInvites = pgTable(
  'tournament_staff_invites',
  {
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    role: text('role').$type<'organizer' | 'judgeCoordinator'>().notNull(),
    invitedBy: text('invited_by').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tournamentId, table.email] }),
    index('tournament_staff_invites_email_idx').on(table.email),
  ],
);

/** A participating team, linked to the library when imported from it. */
export const tournamentTeams = pgTable(
  'tournament_teams',
  {
    id: idColumn(),
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Normalized name: one team of a name per tournament. */
    nameKey: text('name_key').notNull(),
    school: text('school').notNull().default(''),
    schoolKey: text('school_key').notNull().default(''),
    libraryTeamId: text('library_team_id'),
    librarySchoolId: text('library_school_id'),
    members: jsonb('members').$type<string[]>().notNull().default([]),
    /** The team's institution (imported tournaments); `school` keeps its name for the pages. */
    institutionId: text('institution_id').references(() => tournamentInstitutions.id, {
      onDelete: 'set null',
    }),
    seed: integer('seed'),
    poolId: text('pool_id'),
    position: integer('position').notNull().default(0),
  },
  (table) => [uniqueIndex('tournament_teams_name_idx').on(table.tournamentId, table.nameKey)],
);

/** A judge; `ballotToken` is the private ballot link's secret. */
export const tournamentJudges = pgTable(
  'tournament_judges',
  {
    id: idColumn(),
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    userId: text('user_id'),
    email: text('email'),
    conflicts: jsonb('conflicts').$type<string[]>().notNull().default([]),
    /** The judge's institution (imported tournaments). */
    institutionId: text('institution_id').references(() => tournamentInstitutions.id, {
      onDelete: 'set null',
    }),
    /** The adjudication core's rating of the judge; null when never rated. */
    baseScore: doublePrecision('base_score'),
    /** Not attached to any institution (an invited independent adjudicator). */
    independent: boolean('independent').notNull().default(false),
    /** On the adjudication core. */
    adjCore: boolean('adj_core').notNull().default(false),
    ballotToken: text('ballot_token'),
    /** Tokens this judge held before (rotated links): refused with their own reason, never accepted. */
    revokedTokens: jsonb('revoked_tokens').$type<string[]>().notNull().default([]),
    /** Removed from the tournament: the current token is refused too. */
    revoked: boolean('revoked').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    uniqueIndex('tournament_judges_token_idx').on(table.ballotToken),
    index('tournament_judges_tournament_idx').on(table.tournamentId),
  ],
);

/** A stage: the group stage (pools, the draw record) or the knockout (the bracket's nodes). */
export const tournamentStages = pgTable(
  'tournament_stages',
  {
    id: idColumn(),
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'group' | 'knockout'>().notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    pools: jsonb('pools').$type<TournamentPool[]>().notNull().default([]),
    draw: jsonb('draw').$type<DrawRecord | null>(),
    /** Knockout only: the bracket as seeded (winners are applied from results when read). */
    bracket: jsonb('bracket').$type<BracketNode[]>().notNull().default([]),
    /**
     * A knockout of one break category (ESL, 新生…) beside the main one; null for the group stage
     * and the main knockout (the open break's).
     */
    breakCategoryId: text('break_category_id'),
  },
  (table) => [
    // One group stage, one main knockout, one knockout per category.
    unique('tournament_stages_kind_category_idx')
      .on(table.tournamentId, table.kind, table.breakCategoryId)
      .nullsNotDistinct(),
    foreignKey({
      name: 'tournament_stages_break_category_fk',
      columns: [table.breakCategoryId],
      foreignColumns: [tournamentBreakCategories.id],
    }).onDelete('cascade'),
  ],
);

/** A round; published once its timers and lobby exist. */
export const tournamentRounds = pgTable(
  'tournament_rounds',
  {
    id: idColumn(),
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    stageId: text('stage_id')
      .notNull()
      .references(() => tournamentStages.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    status: text('status').$type<'draft' | 'published'>().notNull().default('draft'),
    /** lobbies.id, once published. */
    lobbyId: text('lobby_id'),
    publishedAt: bigint('published_at', { mode: 'number' }),
    /**
     * How an imported round is to be drawn; null for rounds Bianshi draws itself (the group
     * stage's round robin, the knockout's bracket). Whether the round is preliminary or
     * elimination is its stage's kind (group or knockout), not repeated here.
     */
    drawKind: text('draw_kind').$type<RoundDrawKind>(),
    /** Short name ("R1", "GF") motions and tab sites refer to; '' when none. */
    abbreviation: text('abbreviation').notNull().default(''),
    /** The break category an elimination round belongs to (imported tournaments). */
    breakCategoryId: text('break_category_id'),
    /** Results stay hidden from the public after the round (a silent round). */
    silent: boolean('silent').notNull().default(false),
    /** How the round was drawn when Bianshi drew it on its own (random or power pairing); null otherwise. */
    draw: jsonb('draw').$type<RoundDrawRecord | null>(),
    /** Teams and judges marked absent for this round (check-in): left out of its draw and panels. */
    absent: jsonb('absent').$type<RoundAbsent>().notNull().default({ teams: [], judges: [] }),
  },
  (table) => [
    index('tournament_rounds_tournament_idx').on(table.tournamentId),
    // Named here: the generated name is longer than Postgres's 63 characters.
    foreignKey({
      name: 'tournament_rounds_break_category_fk',
      columns: [table.breakCategoryId],
      foreignColumns: [tournamentBreakCategories.id],
    }).onDelete('set null'),
  ],
);

/** A fixture (one match of a round). */
export const tournamentFixtures = pgTable(
  'tournament_fixtures',
  {
    id: idColumn(),
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    roundId: text('round_id')
      .notNull()
      .references(() => tournamentRounds.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    poolId: text('pool_id'),
    bracketNodeId: text('bracket_node_id'),
    /** 正方; in BP rooms opening government (OG). */
    affTeamId: text('aff_team_id'),
    /** 反方; in BP rooms opening opposition (OO). */
    negTeamId: text('neg_team_id'),
    /** BP rooms only: closing government (CG) and closing opposition (CO). */
    cgTeamId: text('cg_team_id'),
    coTeamId: text('co_team_id'),
    sidesDrawn: boolean('sides_drawn').notNull().default(true),
    venue: text('venue').notNull().default(''),
    /** The voting panel, the chair first (shared/src/tournament/panels.ts). */
    judgeIds: jsonb('judge_ids').$type<string[]>().notNull().default([]),
    /** Trainee judges: they sit in the room and do not vote (no ballot). */
    traineeIds: jsonb('trainee_ids').$type<string[]>().notNull().default([]),
    startsAt: bigint('starts_at', { mode: 'number' }),
    /** timers.id, once published. */
    timerId: text('timer_id'),
    topicId: text('topic_id'),
    topicReleaseAt: bigint('topic_release_at', { mode: 'number' }),
    /** Power-paired rounds: the bracket's wins (the room's importance); null otherwise. */
    bracket: integer('bracket'),
    /** Power-paired rounds: teams pulled up into this room from the bracket below. */
    pullups: jsonb('pullups').$type<string[]>().notNull().default([]),
    /** The motion the room debated, of its round's (rounds with several); null: not chosen. */
    motionId: text('motion_id'),
  },
  (table) => [
    index('tournament_fixtures_round_idx').on(table.roundId),
    index('tournament_fixtures_tournament_idx').on(table.tournamentId),
    // Scheduled releases (scheduled-releases.ts) look releases up by time on every hub.
    index('tournament_fixtures_topic_release_idx').on(table.topicReleaseAt),
    foreignKey({
      name: 'tournament_fixtures_motion_fk',
      columns: [table.motionId],
      foreignColumns: [tournamentMotions.id],
    }).onDelete('set null'),
  ],
);

/** One judge's ballot on a fixture: one per judge (a correction replaces it), idempotent by `submissionId`. */
export const tournamentBallots = pgTable(
  'tournament_ballots',
  {
    fixtureId: text('fixture_id')
      .notNull()
      .references(() => tournamentFixtures.id, { onDelete: 'cascade' }),
    judgeId: text('judge_id').notNull(),
    tournamentId: text('tournament_id').notNull(),
    submissionId: text('submission_id').notNull(),
    winner: text('winner').$type<'aff' | 'neg'>().notNull(),
    speakerScores: jsonb('speaker_scores').$type<{ aff: number[]; neg: number[] } | null>(),
    /** BP rooms: the panel's ranking of the four positions (1–4); `winner` is the first's bench. */
    ranking: jsonb('ranking').$type<BpRanking | null>(),
    /** BP rooms: each position's two speakers' scores. */
    positionScores: jsonb('position_scores').$type<BpScores | null>(),
    bestDebater: jsonb('best_debater').$type<BestDebaterVote | null>(),
    comment: text('comment').notNull().default(''),
    submittedAt: bigint('submitted_at', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.fixtureId, table.judgeId] }),
    uniqueIndex('tournament_ballots_submission_idx').on(table.submissionId),
  ],
);

/** A fixture's result: pending (ballots split or incomplete) or confirmed. */
export const tournamentResults = pgTable('tournament_results', {
  fixtureId: text('fixture_id')
    .primaryKey()
    .references(() => tournamentFixtures.id, { onDelete: 'cascade' }),
  tournamentId: text('tournament_id').notNull(),
  winner: text('winner').$type<'aff' | 'neg'>().notNull(),
  votes: jsonb('votes').$type<{ aff: number; neg: number }>().notNull(),
  bestDebater: jsonb('best_debater').$type<BestDebaterVote | null>(),
  speakerPoints: jsonb('speaker_points').$type<{ aff: number; neg: number } | null>(),
  /** BP rooms: each position's place (1–4), from the chair's ballot. */
  ranking: jsonb('ranking').$type<BpRanking | null>(),
  /** BP rooms: each position's two speakers' scores. */
  positionScores: jsonb('position_scores').$type<BpScores | null>(),
  confirmed: boolean('confirmed').notNull().default(false),
  confirmedBy: text('confirmed_by'),
  confirmedAt: bigint('confirmed_at', { mode: 'number' }),
  version: integer('version').notNull().default(1),
});

/** Every confirmation and edit of a result: who, when, what. */
export const tournamentResultHistory = pgTable(
  'tournament_result_history',
  {
    id: idColumn(),
    fixtureId: text('fixture_id')
      .notNull()
      .references(() => tournamentFixtures.id, { onDelete: 'cascade' }),
    tournamentId: text('tournament_id').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
    byName: text('by_name').notNull(),
    action: text('action').$type<'auto-confirmed' | 'confirmed' | 'edited'>().notNull(),
    before: jsonb('before').$type<{
      winner: 'aff' | 'neg';
      votes: { aff: number; neg: number };
      bestDebater: BestDebaterVote | null;
      ranking?: BpRanking | null;
    } | null>(),
    after: jsonb('after')
      .$type<{
        winner: 'aff' | 'neg';
        votes: { aff: number; neg: number };
        bestDebater: BestDebaterVote | null;
        ranking?: BpRanking | null;
      }>()
      .notNull(),
    note: text('note').notNull().default(''),
  },
  (table) => [index('tournament_result_history_fixture_idx').on(table.fixtureId, table.at)],
);

/** An institution (school or club) of an imported tournament; `code` is its short name. */
export const tournamentInstitutions = pgTable(
  'tournament_institutions',
  {
    id: idColumn(),
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [uniqueIndex('tournament_institutions_code_idx').on(table.tournamentId, table.code)],
);

/**
 * A debater of a team, with what only an import carries (email, speaker categories). The team's
 * `members` stays the list ballots and pages use (speaker scores go by position); these rows are
 * the same people in the same order, so nothing that reads `members` changes.
 */
export const tournamentSpeakers = pgTable(
  'tournament_speakers',
  {
    id: idColumn(),
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    teamId: text('team_id')
      .notNull()
      .references(() => tournamentTeams.id, { onDelete: 'cascade' }),
    /** 0-based, as in the team's `members`. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    /** Slugs of the tournament's speaker categories (novice, esl…). */
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
  },
  (table) => [
    uniqueIndex('tournament_speakers_position_idx').on(table.teamId, table.position),
    index('tournament_speakers_tournament_idx').on(table.tournamentId),
  ],
);

/** A speaker category (novice, ESL…) with its own speaker tab. */
export const tournamentSpeakerCategories = pgTable(
  'tournament_speaker_categories',
  {
    id: idColumn(),
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    seq: integer('seq').notNull(),
    /** Whether its tab is public. */
    public: boolean('public').notNull().default(true),
  },
  (table) => [uniqueIndex('tournament_speaker_categories_slug_idx').on(table.tournamentId, table.slug)],
);

/** The break rules a break category may follow (Tabbycat's names). */
export type BreakRule =
  'standard' | 'aida-1996' | 'aida-2016-easters' | 'aida-2016-australs' | 'aida-2019-australs-open';

/** A break category (Open, ESL, Novice…): how many teams break in it, and by which rule. */
export const tournamentBreakCategories = pgTable(
  'tournament_break_categories',
  {
    id: idColumn(),
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    seq: integer('seq').notNull(),
    size: integer('size').notNull(),
    /** The open break every team is in. */
    isGeneral: boolean('is_general').notNull().default(false),
    /** Which category a team breaking in several takes (higher first). */
    priority: integer('priority').notNull().default(0),
    rule: text('rule').$type<BreakRule>().notNull().default('standard'),
    /** When the organizer released the break (公布晋级名单); null: not released, hidden from the public. */
    releasedAt: bigint('released_at', { mode: 'number' }),
    /** The breaking teams as released, seeds in order (later changes show only once released again). */
    releasedTeamIds: jsonb('released_team_ids').$type<string[]>(),
  },
  (table) => [uniqueIndex('tournament_break_categories_slug_idx').on(table.tournamentId, table.slug)],
);

/** A team eligible to break in a category. */
export const tournamentBreakEligibility = pgTable(
  'tournament_break_eligibility',
  {
    breakCategoryId: text('break_category_id').notNull(),
    teamId: text('team_id')
      .notNull()
      .references(() => tournamentTeams.id, { onDelete: 'cascade' }),
    tournamentId: text('tournament_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.breakCategoryId, table.teamId] }),
    foreignKey({
      name: 'tournament_break_eligibility_category_fk',
      columns: [table.breakCategoryId],
      foreignColumns: [tournamentBreakCategories.id],
    }).onDelete('cascade'),
    index('tournament_break_eligibility_team_idx').on(table.teamId),
  ],
);

/** What a conflict is between. */
export type ConflictKind = 'judgeTeam' | 'judgeJudge' | 'judgeInstitution' | 'teamInstitution';

/**
 * A conflict as the tab records it: a judge with a team, another judge or an institution, or a
 * team with an institution (besides its own). The columns the kind names are set, the others null.
 * A judge's school conflicts the draw reads stay in `tournament_judges.conflicts`.
 */
export const tournamentConflicts = pgTable(
  'tournament_conflicts',
  {
    id: idColumn(),
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ConflictKind>().notNull(),
    judgeId: text('judge_id').references(() => tournamentJudges.id, { onDelete: 'cascade' }),
    otherJudgeId: text('other_judge_id').references(() => tournamentJudges.id, { onDelete: 'cascade' }),
    teamId: text('team_id').references(() => tournamentTeams.id, { onDelete: 'cascade' }),
    institutionId: text('institution_id'),
  },
  (table) => [
    index('tournament_conflicts_tournament_idx').on(table.tournamentId),
    foreignKey({
      name: 'tournament_conflicts_institution_fk',
      columns: [table.institutionId],
      foreignColumns: [tournamentInstitutions.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A motion of a round (a round may have several to choose from), with its info slide; hidden
 * until released (`releasedAt` null). A motion set in no round has `roundId` null.
 */
export const tournamentMotions = pgTable(
  'tournament_motions',
  {
    id: idColumn(),
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    roundId: text('round_id').references(() => tournamentRounds.id, { onDelete: 'cascade' }),
    /** Order within the round, from 1. */
    seq: integer('seq').notNull().default(1),
    reference: text('reference').notNull(),
    text: text('text').notNull(),
    infoSlide: text('info_slide').notNull().default(''),
    releasedAt: bigint('released_at', { mode: 'number' }),
  },
  (table) => [
    index('tournament_motions_tournament_idx').on(table.tournamentId),
    index('tournament_motions_round_idx').on(table.roundId),
    index('tournament_motions_released_idx').on(table.releasedAt),
  ],
);

/**
 * A tournament mirrored from a Tabbycat site over its API (v1): where it is and the API token
 * its clocks are pulled with. The token is read only by the hub when it pulls; no procedure
 * returns it.
 */
export const tournamentTabbycatLinks = pgTable('tournament_tabbycat_links', {
  tournamentId: text('tournament_id')
    .primaryKey()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  /** The site's address (scheme, host, port and any path prefix; no trailing slash). */
  siteUrl: text('site_url').notNull(),
  /** The tournament's slug on the site. */
  remoteSlug: text('remote_slug').notNull(),
  token: text('token').notNull(),
  /** users.id of who linked it. */
  linkedBy: text('linked_by').notNull(),
  pulledAt: bigint('pulled_at', { mode: 'number' }),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

/** What a mirrored row is on the Tabbycat site. */
export type TabbycatRefKind = 'institution' | 'team' | 'adjudicator' | 'venue' | 'round' | 'pairing';

/**
 * Which of our rows a Tabbycat object (by its id on the site) became, so that a pull updates
 * rows in place: teams, judges and institutions by id, rounds, a room's fixture (a pairing) and
 * venues (`localId` is then the venue's name).
 */
export const tournamentTabbycatRefs = pgTable(
  'tournament_tabbycat_refs',
  {
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TabbycatRefKind>().notNull(),
    remoteId: integer('remote_id').notNull(),
    localId: text('local_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tournamentId, table.kind, table.remoteId] })],
);
