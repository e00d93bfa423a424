import { timingSafeEqual } from 'node:crypto';
import {
  LOBBY_CODE_ALPHABET,
  LOBBY_CODE_LENGTH,
  LOBBY_MAX_TIMERS,
  isLobbyCode,
  normalizeLobbyCode,
  type LobbyVisibility,
} from '@bianshi/shared';
import type { TimerRecord } from '../timers/timer.repository';
import type { Clock } from '../lib/clock';
import { HubError } from '../lib/errors';
import { hashKey, keyMatches, newId, newSecretKey, randomString } from '../lib/ids';
import { memoryRateLimiters, type RateLimiter, type RateLimiterFactory } from '../lib/rate-limit';
import { atLeast } from '../timers/roles';
import type { TimerService } from '../timers/timer.service';
import type { LobbyRoom } from './lobby-room';
import type { LobbyPatch, LobbyRecord, LobbyRepository } from './lobby.repository';
import type { LobbyRegistry } from './lobby.registry';
import { L } from './messages';

/** A lobby's code admits people for this long after creation (the organizer may extend it). */
export const LOBBY_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Code look-ups one address may make per minute (guessing 6 characters of 31 stays hopeless). */
export const CODE_LOOKUPS_PER_MINUTE = 10;

/** What a caller brings: capability keys (cookie, bearer, connection params) and maybe an account. */
export interface LobbyCaller {
  presentedKeys(id: string): string[];
  user: { id: string } | null;
}

/** A caller's role in a lobby. `guest` is the audience. */
export type LobbyRole = 'organizer' | 'judge' | 'guest';

/** Secrets a caller may bring in a link: the join token (private lobbies) and the judge key. */
export interface LobbySecrets {
  token?: string | undefined;
  judgeKey?: string | undefined;
}

/** What creating a lobby takes. */
export interface CreateLobbyInput {
  name: string;
  organizerName?: string | undefined;
  visibility: LobbyVisibility;
  /** Timer ids, short ids or links to them. */
  timers: string[];
}

/** The links of a lobby, relative to the site, as its organizer sees them. */
export function lobbyLinks(lobby: LobbyRecord) {
  const base = `/lobby/${lobby.id}`;
  return {
    join: lobby.visibility === 'private' ? `${base}?t=${lobby.joinToken}` : base,
    judge: `${base}?judge=${lobby.judgeKey}`,
    short: `/lobby?code=${lobby.code}`,
  };
}

/**
 * The lobby use cases: create, find by code, roles and capabilities, and the organizer's
 * changes, which are committed first and then handed to the lobby's room.
 */
export class LobbyService {
  /** Code look-ups per address, against guessing. */
  readonly codeLimiter: RateLimiter;

  constructor(
    private readonly repository: LobbyRepository,
    readonly registry: LobbyRegistry,
    private readonly timers: TimerService,
    private readonly clock: Clock,
    limiters: RateLimiterFactory = memoryRateLimiters,
  ) {
    this.codeLimiter = limiters({ name: 'lobby-code', points: CODE_LOOKUPS_PER_MINUTE, durationS: 60 });
  }

  /** Creates a lobby; the organizer key is returned this once. */
  /** Creates a lobby; `admit` checks an owner's plan in the same transaction (`LobbyRepository.create`). */
  async create(
    input: CreateLobbyInput,
    caller: LobbyCaller,
    admit?: (live: number) => void,
  ): Promise<{ lobby: LobbyRecord; organizerKey: string }> {
    const timerIds = await this.resolveTimers(input.timers, caller);
    return this.insert(this.repository, { ...input, timerIds, ownerId: caller.user?.id ?? null }, admit);
  }

  /**
   * Writes a new lobby of already resolved timers through `repository` (a transaction's, for
   * callers that create the timers in the same transaction: a tournament round). The organizer
   * key is returned this once.
   */
  async insert(
    repository: LobbyRepository,
    input: Omit<CreateLobbyInput, 'timers'> & {
      timerIds: string[];
      ownerId: string | null;
      mode?: LobbyRecord['mode'];
    },
    admit?: (live: number) => void,
  ): Promise<{ lobby: LobbyRecord; organizerKey: string }> {
    const organizerKey = newSecretKey();
    const now = this.clock.now();
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const lobby: LobbyRecord = {
        id: newId(),
        code: randomString(LOBBY_CODE_LENGTH, LOBBY_CODE_ALPHABET),
        name: input.name.trim() || L.defaultLobbyName,
        organizerName: input.organizerName?.trim() ?? '',
        visibility: input.visibility,
        joinToken: newId(),
        judgeKey: newId(),
        organizerKeyHash: hashKey(organizerKey),
        ownerId: input.ownerId,
        mode: input.mode ?? 'featured',
        featuredTimerId: input.timerIds[0] ?? null,
        notice: null,
        version: 0,
        expiresAt: now + LOBBY_TTL_MS,
        timerIds: input.timerIds,
      };
      if (await repository.create(lobby, admit && { at: now, admit })) return { lobby, organizerKey };
    }
    throw new Error('no free lobby code after 8 attempts');
  }

  /** A lobby by id; throws NOT_FOUND. */
  async get(lobbyId: string): Promise<LobbyRecord> {
    const lobby = await this.repository.find(lobbyId);
    if (!lobby) throw new HubError('NOT_FOUND', L.lobbyNotFound, 'lobby-not-found');
    return lobby;
  }

  /**
   * The lobby a code opens. Wrong, expired and private codes each get their own Chinese
   * message; a private lobby's code alone admits no one (its join link carries a secret).
   */
  async resolveCode(code: string): Promise<LobbyRecord> {
    if (!isLobbyCode(code)) throw new HubError('BAD_REQUEST', L.codeInvalid, 'code-invalid');
    const lobby = await this.repository.findByCode(code);
    if (!lobby) throw new HubError('NOT_FOUND', L.codeUnknown, 'code-unknown');
    if (lobby.expiresAt <= this.clock.now()) throw new HubError('NOT_FOUND', L.codeExpired, 'code-expired');
    if (lobby.visibility === 'private')
      throw new HubError('FORBIDDEN', L.privateNeedsLink, 'private-needs-link');
    return lobby;
  }

  /** A lobby by id or code, private ones included (for organizers moving screens); null when none. */
  async find(idOrCode: string): Promise<LobbyRecord | null> {
    const code = normalizeLobbyCode(idOrCode);
    return (
      (await this.repository.find(idOrCode)) ?? (isLobbyCode(code) ? this.repository.findByCode(code) : null)
    );
  }

  /** The caller's role: organizer (key or owning account), judge (judge link), else guest. */
  roleOf(lobby: LobbyRecord, caller: LobbyCaller, secrets: LobbySecrets = {}): LobbyRole {
    if (this.isOrganizer(lobby, caller)) return 'organizer';
    if (secrets.judgeKey !== undefined && sameSecret(secrets.judgeKey, lobby.judgeKey)) return 'judge';
    return 'guest';
  }

  /** True when the caller holds the organizer key or owns the lobby. */
  isOrganizer(lobby: LobbyRecord, caller: LobbyCaller): boolean {
    if (caller.user && lobby.ownerId === caller.user.id) return true;
    return caller.presentedKeys(lobby.id).some((key) => keyMatches(key, lobby.organizerKeyHash));
  }

  /** Throws FORBIDDEN unless the caller may see the lobby (public, or the private lobby's link). */
  requireView(lobby: LobbyRecord, caller: LobbyCaller, secrets: LobbySecrets): LobbyRole {
    const role = this.roleOf(lobby, caller, secrets);
    if (secrets.judgeKey !== undefined && role === 'guest')
      throw new HubError('FORBIDDEN', L.judgeKeyWrong, 'judge-key-wrong');
    const linked = secrets.token !== undefined && sameSecret(secrets.token, lobby.joinToken);
    if (lobby.visibility === 'private' && role === 'guest' && !linked)
      throw new HubError('FORBIDDEN', L.privateNeedsLink, 'private-needs-link');
    return role;
  }

  /** Throws UNAUTHORIZED (no key) or FORBIDDEN (wrong key) unless `key` is the organizer key. */
  requireOrganizerKey(lobby: LobbyRecord, key: string): void {
    if (!keyMatches(key, lobby.organizerKeyHash))
      throw new HubError('FORBIDDEN', L.organizerKeyWrong, 'organizer-key-wrong');
  }

  /** Public lobbies with live match counts and viewers on this hub. */
  async listPublic() {
    const lobbies = await this.repository.listPublic(this.clock.now());
    const live = await this.repository.liveMatchCounts(lobbies.map((lobby) => lobby.id));
    return lobbies.map((lobby) => ({
      id: lobby.id,
      code: lobby.code,
      name: lobby.name,
      organizerName: lobby.organizerName,
      timerCount: lobby.timerIds.length,
      liveMatches: live.get(lobby.id) ?? 0,
      viewers: this.registry.screenCount(lobby.id),
      mode: lobby.mode,
    }));
  }

  /**
   * Makes the signed-in account the owner of a lobby made without an account. The caller must
   * be its organizer already (the organizer cookie of the browser that made it); a lobby
   * another account owns is refused.
   */
  async claim(lobby: LobbyRecord, userId: string): Promise<void> {
    if (lobby.ownerId === userId) return;
    if (lobby.ownerId !== null || !(await this.repository.claimOwner(lobby.id, userId)))
      throw new HubError('FORBIDDEN', L.ownedByOther, 'lobby-owned');
  }

  /** The lobbies an account owns, for /home. */
  async owned(userId: string) {
    const now = this.clock.now();
    return (await this.repository.listOwned(userId)).map((lobby) => lobbySummary(lobby, now));
  }

  /**
   * Of `ids` (what this browser holds organizer cookies for), the lobbies nobody owns that the
   * caller organizes: made on this device before signing in, ready to be claimed.
   */
  async claimable(ids: readonly string[], caller: LobbyCaller) {
    const now = this.clock.now();
    const found = await Promise.all(ids.map((id) => this.repository.find(id)));
    return found
      .filter(
        (lobby): lobby is LobbyRecord =>
          lobby !== null && lobby.ownerId === null && this.isOrganizer(lobby, caller),
      )
      .map((lobby) => lobbySummary(lobby, now));
  }

  /** Commits a change of the lobby's facts, then hands them to its room and the other hubs. */
  async change(lobby: LobbyRecord, patch: LobbyPatch): Promise<LobbyRecord> {
    if (patch.featuredTimerId && !(patch.timerIds ?? lobby.timerIds).includes(patch.featuredTimerId)) {
      throw new HubError('BAD_REQUEST', L.timerNotInLobby, 'timer-not-in-lobby');
    }
    const updated = await this.repository.update(lobby.id, patch);
    if (!updated) throw new HubError('NOT_FOUND', L.lobbyNotFound, 'lobby-not-found');
    await this.registry.loaded(lobby.id)?.applyFacts(updated);
    this.registry.announceFacts(lobby.id, updated.version);
    return updated;
  }

  /** Resolves timer references (ids, short ids, links) for a lobby, checking the caller may show them. */
  async resolveTimers(refs: readonly string[], caller: LobbyCaller): Promise<string[]> {
    if (refs.length > LOBBY_MAX_TIMERS)
      throw new HubError('BAD_REQUEST', L.tooManyTimers(LOBBY_MAX_TIMERS), 'too-many-timers');
    const ids: string[] = [];
    for (const ref of refs) {
      const key = timerRefKey(ref);
      if (!key) continue;
      const timer = await this.timers.get(key).catch(() => {
        throw new HubError('BAD_REQUEST', L.timerNotFound(ref.trim()), 'timer-not-found', { ref });
      });
      await this.requireShowable(timer, caller);
      if (!ids.includes(timer.id)) ids.push(timer.id);
    }
    return ids;
  }

  /** The room of a lobby, loaded; throws NOT_FOUND. */
  async room(lobby: LobbyRecord): Promise<LobbyRoom> {
    const room = await this.registry.room(lobby.id);
    if (!room) throw new HubError('NOT_FOUND', L.lobbyNotFound, 'lobby-not-found');
    return room;
  }

  /** A public timer anyone may show (its display is public anyway); a private one needs control of it. */
  private async requireShowable(timer: TimerRecord, caller: LobbyCaller): Promise<void> {
    if (timer.viewKey === null) return;
    if (!atLeast(await this.timers.roleOf(timer, caller), 'controller'))
      throw new HubError('FORBIDDEN', L.timerPrivate(timer.name), 'timer-private');
  }
}

/** A lobby as lists show it to its organizer. */
function lobbySummary(lobby: LobbyRecord, now: number) {
  return {
    id: lobby.id,
    code: lobby.code,
    name: lobby.name,
    visibility: lobby.visibility,
    timerCount: lobby.timerIds.length,
    expired: lobby.expiresAt <= now,
  };
}

/** The id or short id inside a timer reference: `abc`, `/id/abc`, `https://…/timer/xyz`. */
export function timerRefKey(ref: string): string | null {
  const path = ref.trim().split(/[?#]/)[0] ?? '';
  const segments = path.split('/').filter(Boolean);
  const last = segments.at(-1);
  return last && /^[A-Za-z0-9_-]{1,64}$/.test(last) ? last : null;
}

function sameSecret(presented: string, stored: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}
