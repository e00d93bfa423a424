import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../db/columns';

/**
 * Collaborative projects and their Yjs documents. A project is a workbench (备赛工作台: a team
 * and a motion, with rich-text documents, 资料卡 and 攻防问答) or a flow (流程单, one sheet).
 * Document content lives only as Yjs updates: appended to `yjs_updates` before they are
 * relayed, folded into `yjs_snapshots` by compaction.
 */
export const yjsProjects = pgTable(
  'yjs_projects',
  {
    id: idColumn(),
    /** `workbench` or `flow`. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    team: text('team').notNull().default(''),
    motion: text('motion').notNull().default(''),
    /** A topic of the library, when linked. */
    topicId: text('topic_id'),
    /** The owning account (users.id). */
    ownerId: text('owner_id').notNull(),
    /** Flows: `personal`, `team` or `judge` (private until the bound match ends). */
    mode: text('mode').notNull().default('team'),
    /** Flows: the format the columns were built from, and the timer whose match it follows. */
    formatId: text('format_id'),
    timerId: text('timer_id'),
    matchId: text('match_id'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [index('yjs_projects_owner_idx').on(table.ownerId)],
);

/** Members of a project besides its owner, with a role (viewer, commenter, editor). */
export const yjsMembers = pgTable(
  'yjs_members',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => yjsProjects.id, { onDelete: 'cascade' }),
    /** users.id */
    userId: text('user_id').notNull(),
    role: text('role').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.userId] }),
    index('yjs_members_user_idx').on(table.userId),
  ],
);

/** An invite link to a project with a role and an expiry; only the token's sha256 is stored. */
export const yjsInvites = pgTable(
  'yjs_invites',
  {
    id: idColumn(),
    projectId: text('project_id')
      .notNull()
      .references(() => yjsProjects.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    role: text('role').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    uses: integer('uses').notNull().default(0),
    createdBy: text('created_by'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    uniqueIndex('yjs_invites_token_idx').on(table.tokenHash),
    index('yjs_invites_project_idx').on(table.projectId),
  ],
);

/** A document of a project: rich text (`text`), evidence cards (`cards`), Q&A bank (`qa`) or a flow sheet (`flow`). */
export const yjsDocuments = pgTable(
  'yjs_documents',
  {
    id: idColumn(),
    projectId: text('project_id')
      .notNull()
      .references(() => yjsProjects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (table) => [index('yjs_documents_project_idx').on(table.projectId)],
);

/** Yjs updates as they arrived (base64), appended before they are relayed. */
export const yjsUpdates = pgTable(
  'yjs_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => yjsDocuments.id, { onDelete: 'cascade' }),
    update: text('update').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [index('yjs_updates_document_idx').on(table.documentId, table.id)],
);

/** A document's compacted state: every update up to `upToId` merged (`Y.mergeUpdates`), base64. */
export const yjsSnapshots = pgTable('yjs_snapshots', {
  documentId: text('document_id')
    .primaryKey()
    .references(() => yjsDocuments.id, { onDelete: 'cascade' }),
  state: text('state').notNull(),
  bytes: integer('bytes').notNull(),
  upToId: bigint('up_to_id', { mode: 'number' }).notNull(),
  updatedAt: updatedAtColumn(),
});

/** A named version of a document: its full state at the moment it was saved (base64). */
export const yjsVersions = pgTable(
  'yjs_versions',
  {
    id: idColumn(),
    documentId: text('document_id')
      .notNull()
      .references(() => yjsDocuments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    state: text('state').notNull(),
    /** Plain text of the version, for comparing versions without loading Yjs in the browser. */
    meta: jsonb('meta').notNull().default({}),
    createdBy: text('created_by'),
    createdAt: createdAtColumn(),
  },
  (table) => [index('yjs_versions_document_idx').on(table.documentId)],
);

/**
 * A judge's flow attached to its match record once the match finished: a copy of the sheet
 * (columns and boxes, as `shared/src/collab/flow.ts` shapes them) shown to whoever may see the
 * record. The live flow stays the judge's own.
 */
export const yjsFlowAttachments = pgTable(
  'yjs_flow_attachments',
  {
    projectId: text('project_id')
      .primaryKey()
      .references(() => yjsProjects.id, { onDelete: 'cascade' }),
    matchId: text('match_id').notNull(),
    title: text('title').notNull(),
    /** Who flowed it (display name at attaching). */
    judgeName: text('judge_name').notNull().default(''),
    columns: jsonb('columns').notNull().default([]),
    boxes: jsonb('boxes').notNull().default([]),
    attachedBy: text('attached_by'),
    attachedAt: timestamp('attached_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('yjs_flow_attachments_match_idx').on(table.matchId)],
);
