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
import { createdAtColumn, idColumn, updatedAtColumn } from '../db/columns';

/**
 * The debate library: schools, debaters and teams across seasons; topic groups and topics;
 * result sheets of match records (the timing of a record always comes from `match_events`).
 */

/** A school or institution (学校/机构), global, deduplicated by `dedupKey` (normalized name + region). */
export const schools = pgTable(
  'schools',
  {
    id: idColumn(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull().default(''),
    region: text('region').notNull().default(''),
    country: text('country').notNull().default(''),
    aliases: jsonb('aliases').$type<string[]>().notNull().default([]),
    website: text('website').notNull().default(''),
    logoUrl: text('logo_url').notNull().default(''),
    dedupKey: text('dedup_key').notNull(),
    createdBy: text('created_by'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [uniqueIndex('schools_dedup_idx').on(table.dedupKey)],
);

/** A person who debates; their career spans seasons, teams and schools through `team_members`. */
export const debaters = pgTable('debaters', {
  id: idColumn(),
  name: text('name').notNull(),
  createdAt: createdAtColumn(),
});

/** A school's team in one season. */
export const teams = pgTable(
  'teams',
  {
    id: idColumn(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    season: text('season').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [uniqueIndex('teams_school_name_season_idx').on(table.schoolId, table.name, table.season)],
);

/** A debater on a team, with their position (1 = 一辩). */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    debaterId: text('debater_id')
      .notNull()
      .references(() => debaters.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.debaterId] }),
    index('team_members_debater_idx').on(table.debaterId),
  ],
);

/**
 * Who sees a topic group: `private` (its owner and admins), `pending` (published by its owner,
 * waiting for an admin's review; not public), `public` (everyone), `rejected` (back to its owner
 * with the review note).
 */
export type TopicGroupVisibility = 'private' | 'pending' | 'public' | 'rejected';

/** A topic group (辩题合集): a tournament, a season or a theme. */
export const topicGroups = pgTable('topic_groups', {
  id: idColumn(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  kind: text('kind').notNull().default('theme'),
  year: integer('year'),
  /** Shipped with 辩时 (seeded at start); only admins change it. */
  builtin: boolean('builtin').notNull().default(false),
  /** The account that created it: it and admins may edit. */
  ownerId: text('owner_id'),
  visibility: text('visibility').$type<TopicGroupVisibility>().notNull().default('private'),
  /** The admin's note of the last review (why it was rejected). */
  reviewNote: text('review_note').notNull().default(''),
  /** Server ms of the owner's publish request and of the admin's review. */
  submittedAt: bigint('submitted_at', { mode: 'number' }),
  reviewedAt: bigint('reviewed_at', { mode: 'number' }),
  /** tournaments.id when the group holds the motions a finished public tournament released (one group per tournament). */
  tournamentId: text('tournament_id').unique('topic_groups_tournament_idx'),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

/** A topic (辩题). Source fields hold only what is known. */
export const topics = pgTable(
  'topics',
  {
    id: idColumn(),
    groupId: text('group_id')
      .notNull()
      .references(() => topicGroups.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    text: text('text').notNull(),
    affText: text('aff_text').notNull().default(''),
    negText: text('neg_text').notNull().default(''),
    type: text('type'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    language: text('language').notNull().default('zh'),
    tournament: text('tournament').notNull().default(''),
    round: text('round').notNull().default(''),
    year: integer('year'),
    notes: text('notes').notNull().default(''),
    infoSlide: text('info_slide').notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (table) => [index('topics_group_idx').on(table.groupId, table.position)],
);

/** A signed-in user's favourite topics. */
export const topicFavourites = pgTable(
  'topic_favourites',
  {
    /** users.id (no foreign key: this file must not import the core schema, which re-exports it). */
    userId: text('user_id').notNull(),
    topicId: text('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.topicId] })],
);

/** The result sheet of a match record, with its library links pulled out for filtering. */
export const matchResults = pgTable(
  'match_results',
  {
    /** matches.id; rows whose match is gone are never read (every query joins matches). */
    matchId: text('match_id').primaryKey(),
    timerId: text('timer_id').notNull(),
    /** The whole ResultSheet (shared/src/record/result-sheet.ts). */
    sheet: jsonb('sheet').notNull(),
    affSchoolId: text('aff_school_id'),
    negSchoolId: text('neg_school_id'),
    affTeamId: text('aff_team_id'),
    negTeamId: text('neg_team_id'),
    topicId: text('topic_id'),
    winner: text('winner'),
    /** Bumped on every edit. */
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by'),
    updatedAt: updatedAtColumn(),
    /** Server ms of the match's start, copied for date filters. */
    startedAt: bigint('started_at', { mode: 'number' }),
  },
  (table) => [
    index('match_results_aff_school_idx').on(table.affSchoolId),
    index('match_results_neg_school_idx').on(table.negSchoolId),
    index('match_results_timer_idx').on(table.timerId),
  ],
);
