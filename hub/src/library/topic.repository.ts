import type { TopicGroupInput, TopicInput } from '@bianshi/shared';
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { newId } from '../lib/ids';
import { topicFavourites, topicGroups, topics, type TopicGroupVisibility } from './library.schema';

/** A topic group as pages and the API show it. */
export interface TopicGroupRow {
  id: string;
  name: string;
  description: string;
  kind: string;
  year: number | null;
  builtin: boolean;
  ownerId: string | null;
  visibility: TopicGroupVisibility;
  /** The admin's note of the last review. */
  reviewNote: string;
  submittedAt: number | null;
  /** The tournament whose released motions the group holds, or null. */
  tournamentId: string | null;
  topicCount: number;
}

/** Whose library is read: public groups, plus the account's own (null: the public only). */
export type TopicViewer = string | null;

/** Groups the viewer sees: public ones and their own. */
function visibleGroups(viewer: TopicViewer): SQL {
  const open = eq(topicGroups.visibility, 'public');
  return viewer ? (or(open, eq(topicGroups.ownerId, viewer)) ?? open) : open;
}

/** Topics of groups the viewer sees. */
function visibleTopics(viewer: TopicViewer): SQL {
  return inArray(
    topics.groupId,
    sql`(select ${topicGroups.id} from ${topicGroups} where ${visibleGroups(viewer)})`,
  );
}

/** A topic as pages and the API show it. */
export interface TopicRow {
  id: string;
  groupId: string;
  position: number;
  text: string;
  affText: string;
  negText: string;
  type: string | null;
  tags: string[];
  language: string;
  source: { tournament: string; round: string; year: number | null };
  notes: string;
  infoSlide: string;
}

/** Filters of a topic search. */
export interface TopicQuery {
  q?: string;
  groupId?: string;
  limit?: number;
  /** Whose library (public groups plus this account's own); null or absent: public only. */
  viewer?: TopicViewer;
}

type TopicRecord = typeof topics.$inferSelect;

function toTopic(row: TopicRecord): TopicRow {
  return {
    id: row.id,
    groupId: row.groupId,
    position: row.position,
    text: row.text,
    affText: row.affText,
    negText: row.negText,
    type: row.type,
    tags: row.tags,
    language: row.language,
    source: { tournament: row.tournament, round: row.round, year: row.year },
    notes: row.notes,
    infoSlide: row.infoSlide,
  };
}

function topicValues(groupId: string, position: number, topic: TopicInput) {
  return {
    groupId,
    position,
    text: topic.text,
    affText: topic.affText,
    negText: topic.negText,
    type: topic.type,
    tags: topic.tags,
    language: topic.language,
    tournament: topic.source.tournament,
    round: topic.source.round,
    year: topic.source.year,
    notes: topic.notes,
    infoSlide: topic.infoSlide,
  };
}

/** Escapes LIKE wildcards in user text. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Data access for topic groups, topics and favourites. */
export class TopicRepository {
  constructor(private readonly db: Db) {}

  /** Groups the viewer sees, or those matching `where` instead. */
  async listGroups(viewer: TopicViewer, where?: SQL): Promise<TopicGroupRow[]> {
    const rows = await this.db
      .select({
        id: topicGroups.id,
        name: topicGroups.name,
        description: topicGroups.description,
        kind: topicGroups.kind,
        year: topicGroups.year,
        builtin: topicGroups.builtin,
        ownerId: topicGroups.ownerId,
        visibility: topicGroups.visibility,
        reviewNote: topicGroups.reviewNote,
        submittedAt: topicGroups.submittedAt,
        tournamentId: topicGroups.tournamentId,
        topicCount: sql<number>`(select count(*)::int from "topics" where "topics"."group_id" = "topic_groups"."id")`,
      })
      .from(topicGroups)
      .where(where ?? visibleGroups(viewer))
      .orderBy(desc(topicGroups.builtin), desc(topicGroups.year), asc(topicGroups.name));
    return rows.map((row) => ({ ...row, topicCount: Number(row.topicCount) }));
  }

  /** Groups waiting for an admin's review, oldest request first. */
  async pendingGroups(): Promise<TopicGroupRow[]> {
    const rows = await this.listGroups(null, eq(topicGroups.visibility, 'pending'));
    return rows.sort((a, b) => (a.submittedAt ?? 0) - (b.submittedAt ?? 0));
  }

  /** Sets who sees a group (publish request, review, withdrawal). */
  async setVisibility(
    id: string,
    visibility: TopicGroupVisibility,
    at: number,
    reviewNote?: string,
  ): Promise<void> {
    await this.db
      .update(topicGroups)
      .set({
        visibility,
        ...(visibility === 'pending' ? { submittedAt: at, reviewNote: '' } : {}),
        ...(reviewNote !== undefined ? { reviewNote, reviewedAt: at } : {}),
        updatedAt: new Date(),
      })
      .where(eq(topicGroups.id, id));
  }

  async findGroup(id: string): Promise<TopicGroupRow | null> {
    const groups = await this.listGroupsWhere(eq(topicGroups.id, id));
    return groups[0] ?? null;
  }

  async findGroupByName(name: string): Promise<TopicGroupRow | null> {
    const groups = await this.listGroupsWhere(eq(topicGroups.name, name));
    return groups[0] ?? null;
  }

  private async listGroupsWhere(where: SQL): Promise<TopicGroupRow[]> {
    const rows = await this.db.select().from(topicGroups).where(where).limit(1);
    return Promise.all(
      rows.map(async (row) => {
        const [count] = await this.db
          .select({ n: sql<number>`count(*)::int` })
          .from(topics)
          .where(eq(topics.groupId, row.id));
        return {
          id: row.id,
          name: row.name,
          description: row.description,
          kind: row.kind,
          year: row.year,
          builtin: row.builtin,
          ownerId: row.ownerId,
          visibility: row.visibility,
          reviewNote: row.reviewNote,
          submittedAt: row.submittedAt,
          tournamentId: row.tournamentId,
          topicCount: Number(count?.n ?? 0),
        };
      }),
    );
  }

  async topicsOf(groupId: string): Promise<TopicRow[]> {
    const rows = await this.db
      .select()
      .from(topics)
      .where(eq(topics.groupId, groupId))
      .orderBy(asc(topics.position), asc(topics.createdAt));
    return rows.map(toTopic);
  }

  /** Every topic (the client indexes them for full-text search), at most `limit`. */
  async allTopics(viewer: TopicViewer, limit = 5_000): Promise<TopicRow[]> {
    const rows = await this.db
      .select()
      .from(topics)
      .where(visibleTopics(viewer))
      .orderBy(asc(topics.groupId), asc(topics.position))
      .limit(limit);
    return rows.map(toTopic);
  }

  async findTopic(id: string): Promise<TopicRow | null> {
    const [row] = await this.db.select().from(topics).where(eq(topics.id, id)).limit(1);
    return row ? toTopic(row) : null;
  }

  /** Substring search over the motion, both sides' wording, tags and tournament. */
  async search(query: TopicQuery): Promise<TopicRow[]> {
    const conditions: SQL[] = [visibleTopics(query.viewer ?? null)];
    if (query.groupId) conditions.push(eq(topics.groupId, query.groupId));
    const q = query.q?.trim();
    if (q) {
      const pattern = likePattern(q);
      const match = or(
        ilike(topics.text, pattern),
        ilike(topics.affText, pattern),
        ilike(topics.negText, pattern),
        ilike(topics.tournament, pattern),
        sql`${topics.tags}::text ilike ${pattern}`,
      );
      if (match) conditions.push(match);
    }
    const rows = await this.db
      .select()
      .from(topics)
      .where(and(...conditions))
      .orderBy(asc(topics.groupId), asc(topics.position))
      .limit(query.limit ?? 50);
    return rows.map(toTopic);
  }

  async createGroup(
    input: TopicGroupInput,
    options: { ownerId: string | null; builtin?: boolean; id?: string },
  ): Promise<string> {
    const id = options.id ?? newId();
    const builtin = options.builtin ?? false;
    // Built-in groups are the public library; an account's group is its own until an admin approves it.
    await this.db.insert(topicGroups).values({
      id,
      ...input,
      ownerId: options.ownerId,
      builtin,
      visibility: builtin ? 'public' : 'private',
    });
    return id;
  }

  async updateGroup(id: string, input: TopicGroupInput): Promise<void> {
    await this.db
      .update(topicGroups)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(topicGroups.id, id));
  }

  async deleteGroup(id: string): Promise<void> {
    await this.db.delete(topicGroups).where(eq(topicGroups.id, id));
  }

  async addTopic(groupId: string, topic: TopicInput, id = newId()): Promise<string> {
    const [last] = await this.db
      .select({ max: sql<number>`coalesce(max(${topics.position}), -1)::int` })
      .from(topics)
      .where(eq(topics.groupId, groupId));
    await this.db.insert(topics).values({ id, ...topicValues(groupId, Number(last?.max ?? -1) + 1, topic) });
    return id;
  }

  async updateTopic(id: string, topic: TopicInput): Promise<void> {
    const existing = await this.findTopic(id);
    if (!existing) return;
    await this.db
      .update(topics)
      .set(topicValues(existing.groupId, existing.position, topic))
      .where(eq(topics.id, id));
  }

  async deleteTopic(id: string): Promise<void> {
    await this.db.delete(topics).where(eq(topics.id, id));
  }

  /**
   * Writes an import in one transaction: groups by name (created when missing, owned by
   * `ownerId`) and their topics appended. All or nothing.
   */
  async importTopics(
    rows: ReadonlyArray<{ group: string; topic: TopicInput }>,
    ownerId: string | null,
    fixedGroupId?: string,
  ): Promise<{ groups: number; topics: number }> {
    return this.db.transaction(async (tx) => {
      const groupIds = new Map<string, string>();
      const positions = new Map<string, number>();
      for (const { group, topic } of rows) {
        let groupId = fixedGroupId ?? groupIds.get(group);
        if (!groupId) {
          // Only the importer's own group of that name: never someone else's.
          const [existing] = await tx
            .select({ id: topicGroups.id })
            .from(topicGroups)
            .where(
              and(
                eq(topicGroups.name, group),
                ownerId ? eq(topicGroups.ownerId, ownerId) : isNull(topicGroups.ownerId),
                eq(topicGroups.builtin, false),
                isNull(topicGroups.tournamentId),
              ),
            )
            .limit(1);
          groupId = existing?.id ?? newId();
          if (!existing)
            // The operator's command-line import (no owner) is the hub's own library: public.
            await tx.insert(topicGroups).values({
              id: groupId,
              name: group,
              ownerId,
              kind: 'theme',
              visibility: ownerId ? 'private' : 'public',
            });
          groupIds.set(group, groupId);
        }
        let position = positions.get(groupId);
        if (position === undefined) {
          const [last] = await tx
            .select({ max: sql<number>`coalesce(max(${topics.position}), -1)::int` })
            .from(topics)
            .where(eq(topics.groupId, groupId));
          position = Number(last?.max ?? -1) + 1;
        }
        positions.set(groupId, position + 1);
        await tx.insert(topics).values({ id: newId(), ...topicValues(groupId, position, topic) });
      }
      return { groups: fixedGroupId ? 1 : groupIds.size, topics: rows.length };
    });
  }

  async favourites(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ topicId: topicFavourites.topicId })
      .from(topicFavourites)
      .where(eq(topicFavourites.userId, userId));
    return rows.map((row) => row.topicId);
  }

  async setFavourite(userId: string, topicId: string, on: boolean): Promise<void> {
    if (on) await this.db.insert(topicFavourites).values({ userId, topicId }).onConflictDoNothing();
    else
      await this.db
        .delete(topicFavourites)
        .where(and(eq(topicFavourites.userId, userId), eq(topicFavourites.topicId, topicId)));
  }

  /** Topics by id (for records' links). */
  async topicsById(ids: readonly string[]): Promise<TopicRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select()
      .from(topics)
      .where(inArray(topics.id, [...ids]));
    return rows.map(toTopic);
  }
}
