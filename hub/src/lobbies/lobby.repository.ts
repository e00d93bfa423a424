import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { LobbyMode, LobbyNotice, LobbyVisibility } from '@bianshi/shared';
import { lockAccount } from '../auth/account-lock';
import type { Db } from '../db/database';
import { lobbies, lobbyTimers } from './lobby.schema';
import { matches, timers } from '../timers/timer.schema';

/** A lobby row as the hub uses it. */
export interface LobbyRecord {
  id: string;
  code: string;
  name: string;
  organizerName: string;
  visibility: LobbyVisibility;
  joinToken: string;
  judgeKey: string;
  organizerKeyHash: string;
  ownerId: string | null;
  mode: LobbyMode;
  featuredTimerId: string | null;
  notice: LobbyNotice | null;
  version: number;
  /** Server ms after which the code admits no one. */
  expiresAt: number;
  /** Timers shown, in order. */
  timerIds: string[];
}

/** Facts of a lobby the organizer may change. */
export type LobbyPatch = Partial<
  Pick<LobbyRecord, 'name' | 'visibility' | 'mode' | 'featuredTimerId' | 'notice' | 'expiresAt' | 'timerIds'>
>;

/** Data access for lobbies. Nothing here knows about sockets or rooms. */
export class LobbyRepository {
  constructor(private readonly db: Db) {}

  /**
   * Inserts a lobby with its timers; false when its code is taken (the caller draws another).
   * `owned.admit`, for an owned lobby, is handed the number of its owner's lobbies still live at
   * `owned.at`, counted inside the transaction with the owner's account row locked (`FOR
   * UPDATE`), and throws to refuse: creations racing for a plan's last place are counted one
   * after the other on every hub sharing the database.
   */
  async create(record: LobbyRecord, owned?: { at: number; admit: (live: number) => void }): Promise<boolean> {
    const { timerIds, expiresAt, ...row } = record;
    if (await this.findByCode(record.code)) return false;
    try {
      await this.db.transaction(async (tx) => {
        if (owned && row.ownerId) {
          await lockAccount(tx, row.ownerId);
          const [live] = await tx
            .select({ n: count() })
            .from(lobbies)
            .where(and(eq(lobbies.ownerId, row.ownerId), gt(lobbies.expiresAt, new Date(owned.at))));
          owned.admit(live?.n ?? 0);
        }
        await tx.insert(lobbies).values({ ...row, expiresAt: new Date(expiresAt) });
        if (timerIds.length > 0)
          await tx
            .insert(lobbyTimers)
            .values(timerIds.map((timerId, position) => ({ lobbyId: record.id, timerId, position })));
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async find(id: string): Promise<LobbyRecord | null> {
    const [row] = await this.db.select().from(lobbies).where(eq(lobbies.id, id)).limit(1);
    return row ? this.withTimers(row) : null;
  }

  async findByCode(code: string): Promise<LobbyRecord | null> {
    const [row] = await this.db.select().from(lobbies).where(eq(lobbies.code, code)).limit(1);
    return row ? this.withTimers(row) : null;
  }

  /** Applies a patch, bumps the version and returns the lobby as it now is (null: gone). */
  async update(id: string, patch: LobbyPatch): Promise<LobbyRecord | null> {
    const { timerIds, expiresAt, ...facts } = patch;
    await this.db.transaction(async (tx) => {
      await tx
        .update(lobbies)
        .set({
          ...facts,
          ...(expiresAt === undefined ? {} : { expiresAt: new Date(expiresAt) }),
          version: sql`${lobbies.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(lobbies.id, id));
      if (timerIds) {
        await tx.delete(lobbyTimers).where(eq(lobbyTimers.lobbyId, id));
        if (timerIds.length > 0)
          await tx
            .insert(lobbyTimers)
            .values(timerIds.map((timerId, position) => ({ lobbyId: id, timerId, position })));
      }
    });
    return this.find(id);
  }

  /** Lobbies an account owns, most recently changed first. */
  async listOwned(userId: string, limit = 50): Promise<LobbyRecord[]> {
    const rows = await this.db
      .select()
      .from(lobbies)
      .where(eq(lobbies.ownerId, userId))
      .orderBy(desc(lobbies.updatedAt))
      .limit(limit);
    return Promise.all(rows.map((row) => this.withTimers(row)));
  }

  /** Makes `userId` the owner of a lobby nobody owns; false when it has an owner already. */
  async claimOwner(id: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .update(lobbies)
      .set({ ownerId: userId, updatedAt: new Date() })
      .where(and(eq(lobbies.id, id), isNull(lobbies.ownerId)))
      .returning({ id: lobbies.id });
    return rows.length > 0;
  }

  /** Public lobbies whose code has not expired, most recently active first. */
  async listPublic(now: number, limit = 50): Promise<LobbyRecord[]> {
    const rows = await this.db
      .select()
      .from(lobbies)
      .where(and(eq(lobbies.visibility, 'public'), gt(lobbies.expiresAt, new Date(now))))
      .orderBy(desc(lobbies.updatedAt))
      .limit(limit);
    return Promise.all(rows.map((row) => this.withTimers(row)));
  }

  /** Per lobby: how many of its timers have a match under way (running or paused). */
  async liveMatchCounts(lobbyIds: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (lobbyIds.length === 0) return counts;
    const rows = await this.db
      .select({ lobbyId: lobbyTimers.lobbyId, live: sql<number>`count(*)::int` })
      .from(lobbyTimers)
      .innerJoin(timers, eq(timers.id, lobbyTimers.timerId))
      .innerJoin(matches, eq(matches.id, timers.currentMatchId))
      .where(and(inArray(lobbyTimers.lobbyId, [...lobbyIds]), inArray(matches.status, ['running', 'paused'])))
      .groupBy(lobbyTimers.lobbyId);
    for (const row of rows) counts.set(row.lobbyId, Number(row.live));
    return counts;
  }

  private async withTimers(row: typeof lobbies.$inferSelect): Promise<LobbyRecord> {
    const shown = await this.db
      .select({ timerId: lobbyTimers.timerId })
      .from(lobbyTimers)
      .where(eq(lobbyTimers.lobbyId, row.id))
      .orderBy(asc(lobbyTimers.position));
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      organizerName: row.organizerName,
      visibility: row.visibility === 'private' ? 'private' : 'public',
      joinToken: row.joinToken,
      judgeKey: row.judgeKey,
      organizerKeyHash: row.organizerKeyHash,
      ownerId: row.ownerId,
      mode: row.mode === 'grid' ? 'grid' : 'featured',
      featuredTimerId: row.featuredTimerId,
      notice: (row.notice ?? null) as LobbyNotice | null,
      version: row.version,
      expiresAt: row.expiresAt.getTime(),
      timerIds: shown.map((entry) => entry.timerId),
    };
  }
}

function isUniqueViolation(error: unknown): boolean {
  const texts: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 4; depth += 1) {
    texts.push(
      String((e as { code?: unknown }).code ?? ''),
      String((e as { message?: unknown }).message ?? ''),
    );
    e = (e as { cause?: unknown }).cause;
  }
  return texts.some(
    (text) => text === '23505' || text.includes('lobbies_code_idx') || text.includes('lobbies_pkey'),
  );
}
