import type {
  BestDebaterVote,
  BracketNode,
  DrawRecord,
  TieBreak,
  TournamentFormat,
  TournamentPool,
} from '@bianshi/shared';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
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
    tieBreaks: jsonb('tie_breaks').$type<TieBreak[]>().notNull(),
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
  },
  (table) => [uniqueIndex('tournament_stages_kind_idx').on(table.tournamentId, table.kind)],
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
  },
  (table) => [index('tournament_rounds_tournament_idx').on(table.tournamentId)],
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
    affTeamId: text('aff_team_id'),
    negTeamId: text('neg_team_id'),
    sidesDrawn: boolean('sides_drawn').notNull().default(true),
    venue: text('venue').notNull().default(''),
    judgeIds: jsonb('judge_ids').$type<string[]>().notNull().default([]),
    startsAt: bigint('starts_at', { mode: 'number' }),
    /** timers.id, once published. */
    timerId: text('timer_id'),
    topicId: text('topic_id'),
    topicReleaseAt: bigint('topic_release_at', { mode: 'number' }),
  },
  (table) => [
    index('tournament_fixtures_round_idx').on(table.roundId),
    index('tournament_fixtures_tournament_idx').on(table.tournamentId),
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
    } | null>(),
    after: jsonb('after')
      .$type<{
        winner: 'aff' | 'neg';
        votes: { aff: number; neg: number };
        bestDebater: BestDebaterVote | null;
      }>()
      .notNull(),
    note: text('note').notNull().default(''),
  },
  (table) => [index('tournament_result_history_fixture_idx').on(table.fixtureId, table.at)],
);
