import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { TimerRecord } from '../../timers/timer.repository';
import type { Clock } from '../../lib/clock';
import { HubError } from '../../lib/errors';
import { hashKey, newId } from '../../lib/ids';
import type { TimerService } from '../../timers/timer.service';
import { atLeast, type TimerRole } from '../../timers/roles';
import { apiTokens } from '../integrations.schema';
import { IM } from '../messages';

/** API tokens one account may hold (revoked ones do not count). */
export const MAX_TOKENS_PER_ACCOUNT = 20;
/** Every API token starts with this, so a bearer is told from a control key at a glance. */
export const API_TOKEN_PREFIX = 'bst_';
/** `last_used_at` is written at most this often per token. */
const LAST_USED_EVERY_MS = 60_000;

/** What a token may reach: null = every timer and lobby its account may run. */
export const tokenScopeSchema = z
  .strictObject({
    timers: z.array(z.string().min(1).max(64)).max(100).default([]),
    lobbies: z.array(z.string().min(1).max(64)).max(100).default([]),
  })
  .nullable();

export type TokenScope = z.infer<typeof tokenScopeSchema>;

/** A token as its account's list shows it (never the token itself). */
export interface ApiTokenView {
  id: string;
  name: string;
  prefix: string;
  scope: TokenScope;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

/** A presented, valid token. */
export interface TokenHolder {
  tokenId: string;
  userId: string;
  scope: TokenScope;
}

/** What a token's scope needs to know of a lobby (the lobbies domain answers). */
export type LobbyLookup = (
  lobbyId: string,
) => Promise<{ ownerId: string | null; timerIds: readonly string[] } | null>;

/** True when `bearer` looks like an API token rather than a control or view key. */
export function isApiToken(bearer: string | null | undefined): bearer is string {
  return typeof bearer === 'string' && bearer.startsWith(API_TOKEN_PREFIX);
}

/**
 * API tokens per account, for scripts, stream decks and the Companion module: created with a
 * name and an optional scope (timers, lobbies), revoked at any time, checked against the
 * database on every request (so a revocation holds on every hub at once). A token acts as its
 * account: it reaches a timer in its scope only as far as the account's own role there.
 */
export class ApiTokenService {
  constructor(
    private readonly db: Db,
    private readonly timers: TimerService,
    private readonly lobbyOf: LobbyLookup,
    private readonly clock: Clock,
  ) {}

  async list(userId: string): Promise<ApiTokenView[]> {
    const rows = await this.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.userId, userId))
      .orderBy(desc(apiTokens.createdAt));
    return rows.map(toView);
  }

  /** Creates a token; the token itself is returned this once (only its hash is kept). */
  async create(
    userId: string,
    input: { name: string; scope: TokenScope },
  ): Promise<{ token: string; view: ApiTokenView }> {
    const name = input.name.trim();
    if (!name) throw new HubError('BAD_REQUEST', IM.tokenNameRequired, 'token-name-required');
    const [held] = await this.db
      .select({ n: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
    if ((held?.n ?? 0) >= MAX_TOKENS_PER_ACCOUNT)
      throw new HubError('BAD_REQUEST', IM.tokenTooMany(MAX_TOKENS_PER_ACCOUNT), 'token-limit');
    const scope = input.scope === null ? null : await this.checkedScope(userId, input.scope);
    const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = {
      id: newId(),
      userId,
      name: name.slice(0, 60),
      tokenHash: hashKey(token),
      prefix: token.slice(0, API_TOKEN_PREFIX.length + 6),
      scope,
      createdAt: new Date(this.clock.now()),
    };
    await this.db.insert(apiTokens).values(row);
    return { token, view: toView({ ...row, lastUsedAt: null, revokedAt: null }) };
  }

  /** Revokes one of the account's tokens (idempotent); NOT_FOUND when it is not theirs. */
  async revoke(userId: string, tokenId: string): Promise<void> {
    const [row] = await this.db
      .select({ id: apiTokens.id, revokedAt: apiTokens.revokedAt })
      .from(apiTokens)
      .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId)));
    if (!row) throw new HubError('NOT_FOUND', IM.tokenNotFound, 'token-not-found');
    if (!row.revokedAt)
      await this.db
        .update(apiTokens)
        .set({ revokedAt: new Date(this.clock.now()) })
        .where(eq(apiTokens.id, tokenId));
  }

  /** The holder of a presented token, or null when it is unknown or revoked. */
  async authenticate(token: string): Promise<TokenHolder | null> {
    if (!isApiToken(token) || token.length > 200) return null;
    const [row] = await this.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, hashKey(token)))
      .limit(1);
    if (!row || row.revokedAt) return null;
    const now = this.clock.now();
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
      await this.db
        .update(apiTokens)
        .set({ lastUsedAt: new Date(now) })
        .where(
          and(
            eq(apiTokens.id, row.id),
            or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now - LAST_USED_EVERY_MS))),
          ),
        );
    }
    return { tokenId: row.id, userId: row.userId, scope: parseScope(row.scope) };
  }

  /**
   * The role a token gives on a timer: the account's role there, when the timer is in the
   * token's scope (listed, or shown by a listed lobby); else null.
   */
  async roleOn(holder: TokenHolder, timer: TimerRecord): Promise<TimerRole | null> {
    if (holder.scope !== null && !(await this.inScope(holder.scope, timer.id))) return null;
    const role = await this.timers.roleOf(timer, { presentedKeys: () => [], user: { id: holder.userId } });
    return role;
  }

  /** Throws unless the token's account may run `timer` (role controller or above, in scope). */
  async requireControl(token: string, timer: TimerRecord): Promise<TokenHolder> {
    const holder = await this.authenticate(token);
    if (!holder) throw new HubError('FORBIDDEN', IM.tokenInvalid, 'token-invalid');
    const role = await this.roleOn(holder, timer);
    if (role === null) throw new HubError('FORBIDDEN', IM.tokenOutOfScope, 'token-out-of-scope');
    if (!atLeast(role, 'controller'))
      throw new HubError('FORBIDDEN', IM.tokenRoleTooLow, 'token-role-too-low');
    return holder;
  }

  private async inScope(scope: NonNullable<TokenScope>, timerId: string): Promise<boolean> {
    if (scope.timers.includes(timerId)) return true;
    for (const lobbyId of scope.lobbies) {
      if ((await this.lobbyOf(lobbyId))?.timerIds.includes(timerId)) return true;
    }
    return false;
  }

  /** A scope with its timers resolved to ids; every timer must be one the account may run, every lobby its own. */
  private async checkedScope(
    userId: string,
    scope: NonNullable<TokenScope>,
  ): Promise<NonNullable<TokenScope>> {
    const timerIds: string[] = [];
    for (const ref of scope.timers) {
      const timer = await this.timers.get(ref).catch(() => null);
      const role = timer
        ? await this.timers.roleOf(timer, { presentedKeys: () => [], user: { id: userId } })
        : null;
      if (!timer || !role || !atLeast(role, 'controller'))
        throw new HubError('BAD_REQUEST', IM.tokenScopeUnknown, 'token-scope-unknown', { ref });
      timerIds.push(timer.id);
    }
    for (const lobbyId of scope.lobbies) {
      const lobby = await this.lobbyOf(lobbyId);
      if (!lobby || lobby.ownerId !== userId)
        throw new HubError('BAD_REQUEST', IM.tokenScopeUnknown, 'token-scope-unknown', { ref: lobbyId });
    }
    return { timers: [...new Set(timerIds)], lobbies: [...new Set(scope.lobbies)] };
  }
}

function parseScope(value: unknown): TokenScope {
  const parsed = tokenScopeSchema.safeParse(value ?? null);
  // A stored scope that no longer reads is no scope at all: nothing, never everything.
  return parsed.success ? parsed.data : { timers: [], lobbies: [] };
}

function toView(row: typeof apiTokens.$inferSelect): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: parseScope(row.scope),
    createdAt: row.createdAt.getTime(),
    lastUsedAt: row.lastUsedAt?.getTime() ?? null,
    revokedAt: row.revokedAt?.getTime() ?? null,
  };
}
