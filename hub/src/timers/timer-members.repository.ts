import { matchProgress, type MatchState } from '@bianshi/shared';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/database';
import { matches, timerInvites, timerMembers, timers } from './timer.schema';
import { users } from '../auth/auth.schema';

/** A member of a timer as its owner sees it. */
export interface MemberRow {
  userId: string;
  email: string;
  displayName: string;
  role: string;
  createdAt: Date;
}

/** An invite link as stored (the token itself is never stored). */
export interface InviteRow {
  id: string;
  timerId: string;
  role: string;
  label: string;
  expiresAt: Date;
  uses: number;
  createdAt: Date;
}

/** A timer in an account's list. */
export interface AccountTimerRow {
  id: string;
  shortid: string;
  name: string;
  ownerId: string | null;
  currentMatchId: string | null;
  updatedAt: Date;
  /** The membership role, or null for owned timers. */
  memberRole: string | null;
}

/** Data access for timer ownership, memberships and invite links. */
export class MemberRepository {
  constructor(private readonly db: Db) {}

  async roleOf(timerId: string, userId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ role: timerMembers.role })
      .from(timerMembers)
      .where(and(eq(timerMembers.timerId, timerId), eq(timerMembers.userId, userId)))
      .limit(1);
    return row?.role ?? null;
  }

  async list(timerId: string): Promise<MemberRow[]> {
    return this.db
      .select({
        userId: timerMembers.userId,
        email: users.email,
        displayName: users.displayName,
        role: timerMembers.role,
        createdAt: timerMembers.createdAt,
      })
      .from(timerMembers)
      .innerJoin(users, eq(users.id, timerMembers.userId))
      .where(eq(timerMembers.timerId, timerId))
      .orderBy(timerMembers.createdAt);
  }

  /** Sets an account's role on a timer, adding the membership when missing. */
  async put(timerId: string, userId: string, role: string): Promise<void> {
    await this.db
      .insert(timerMembers)
      .values({ timerId, userId, role })
      .onConflictDoUpdate({ target: [timerMembers.timerId, timerMembers.userId], set: { role } });
  }

  /** Sets `role` for every account on every timer, in one statement (a published round's organizers). */
  async putMany(timerIds: readonly string[], userIds: readonly string[], role: string): Promise<void> {
    const rows = timerIds.flatMap((timerId) => userIds.map((userId) => ({ timerId, userId, role })));
    if (rows.length === 0) return;
    await this.db
      .insert(timerMembers)
      .values(rows)
      .onConflictDoUpdate({ target: [timerMembers.timerId, timerMembers.userId], set: { role } });
  }

  /** Changes an existing member's role; false when there is no such member. */
  async setRole(timerId: string, userId: string, role: string): Promise<boolean> {
    const updated = await this.db
      .update(timerMembers)
      .set({ role })
      .where(and(eq(timerMembers.timerId, timerId), eq(timerMembers.userId, userId)))
      .returning({ userId: timerMembers.userId });
    return updated.length === 1;
  }

  async remove(timerId: string, userId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(timerMembers)
      .where(and(eq(timerMembers.timerId, timerId), eq(timerMembers.userId, userId)))
      .returning({ userId: timerMembers.userId });
    return deleted.length === 1;
  }

  async insertInvite(
    invite: Omit<InviteRow, 'uses' | 'createdAt'> & { tokenHash: string; createdBy: string | null },
  ): Promise<void> {
    await this.db.insert(timerInvites).values(invite);
  }

  async listInvites(timerId: string): Promise<InviteRow[]> {
    return this.db
      .select({
        id: timerInvites.id,
        timerId: timerInvites.timerId,
        role: timerInvites.role,
        label: timerInvites.label,
        expiresAt: timerInvites.expiresAt,
        uses: timerInvites.uses,
        createdAt: timerInvites.createdAt,
      })
      .from(timerInvites)
      .where(eq(timerInvites.timerId, timerId))
      .orderBy(desc(timerInvites.createdAt));
  }

  async findInvite(tokenHash: string): Promise<InviteRow | null> {
    const [row] = await this.db
      .select({
        id: timerInvites.id,
        timerId: timerInvites.timerId,
        role: timerInvites.role,
        label: timerInvites.label,
        expiresAt: timerInvites.expiresAt,
        uses: timerInvites.uses,
        createdAt: timerInvites.createdAt,
      })
      .from(timerInvites)
      .where(eq(timerInvites.tokenHash, tokenHash))
      .limit(1);
    return row ?? null;
  }

  async countUse(inviteId: string, uses: number): Promise<void> {
    await this.db.update(timerInvites).set({ uses }).where(eq(timerInvites.id, inviteId));
  }

  async deleteInvite(timerId: string, inviteId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(timerInvites)
      .where(and(eq(timerInvites.timerId, timerId), eq(timerInvites.id, inviteId)))
      .returning({ id: timerInvites.id });
    return deleted.length === 1;
  }

  /** Makes an account the owner of a timer nobody owns; false when someone already does. */
  async claim(timerId: string, userId: string): Promise<boolean> {
    const updated = await this.db
      .update(timers)
      .set({ ownerId: userId, updatedAt: new Date() })
      .where(and(eq(timers.id, timerId), isNull(timers.ownerId)))
      .returning({ id: timers.id });
    return updated.length === 1;
  }

  /** Timers an account owns or is a member of, most recently changed first. */
  async timersOf(userId: string, limit: number): Promise<AccountTimerRow[]> {
    const columns = {
      id: timers.id,
      shortid: timers.shortid,
      name: timers.name,
      ownerId: timers.ownerId,
      currentMatchId: timers.currentMatchId,
      updatedAt: timers.updatedAt,
    };
    const owned = await this.db
      .select(columns)
      .from(timers)
      .where(eq(timers.ownerId, userId))
      .orderBy(desc(timers.updatedAt))
      .limit(limit);
    const shared = await this.db
      .select({ ...columns, memberRole: timerMembers.role })
      .from(timerMembers)
      .innerJoin(timers, eq(timers.id, timerMembers.timerId))
      .where(eq(timerMembers.userId, userId))
      .orderBy(desc(timers.updatedAt))
      .limit(limit);
    const all = [
      ...owned.map((row) => ({ ...row, memberRole: null })),
      ...shared.filter((row) => row.ownerId !== userId),
    ];
    return all.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime()).slice(0, limit);
  }

  /** The most recently changed matches of some timers. */
  async recentMatches(timerIds: readonly string[], limit: number) {
    if (timerIds.length === 0) return [];
    const rows = await this.db
      .select({
        id: matches.id,
        timerId: matches.timerId,
        state: matches.state,
        version: matches.version,
        createdAt: matches.createdAt,
        updatedAt: matches.updatedAt,
      })
      .from(matches)
      .where(inArray(matches.timerId, [...timerIds]))
      .orderBy(desc(matches.updatedAt))
      .limit(limit);
    // The status from the state: a match that used time is never 未开始.
    return rows.map(({ state, ...row }) => ({ ...row, status: matchProgress(state as MatchState) }));
  }
}
