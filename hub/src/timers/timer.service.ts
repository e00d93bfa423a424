import {
  createMatch,
  getBuiltinFormat,
  isHubOnlyCommand,
  matchHasBegun,
  TIMER_ERROR_MESSAGES,
  validateFormat,
  type Command,
  type Format,
} from '@bianshi/shared';
import { timingSafeEqual } from 'node:crypto';
import type { TimerSettingsRepository } from './timer-settings.repository';
import type { MatchRow, TimerRecord, TimerRepository } from './timer.repository';
import type { Clock } from '../lib/clock';
import { HubError } from '../lib/errors';
import { hashKey, keyMatches, newId, newSecretKey, newShortId } from '../lib/ids';
import type { CommandOutcome, MatchRoom } from './match-room';
import type { RoomRegistry } from './match.registry';
import { M } from './messages';
import { strongest, type TimerRole } from './roles';

/** What creating a timer takes. Exactly one of `formatId` or `format`. */
export interface CreateTimerInput {
  name?: string;
  description?: string;
  formatId?: string;
  format?: unknown;
  ownerId?: string | null;
  /** A private timer: its display needs the view key returned with it. */
  private?: boolean;
  /** Initial display settings (`teams`, `topic`, `details`…, as the management pages write them). */
  settings?: Record<string, unknown>;
}

/** What a caller presents: capability keys, maybe an account. */
export interface TimerCaller {
  presentedKeys(timerId: string): string[];
  user: { id: string } | null;
}

/** Looks up an account's membership role on a timer. */
export type MembershipLookup = (timerId: string, userId: string) => Promise<TimerRole | null>;

/** A created timer with the control key, shown this once. */
export interface CreatedTimer {
  timer: TimerRecord;
  controlKey: string;
  matchId: string;
}

/** The view key of a private timer is this long (128 random bits, url-safe). */
export function newViewKey(): string {
  return newSecretKey().slice(0, 22);
}

/**
 * The timer use cases, shared by every input (tRPC, the HTTP integrations API): one place
 * that resolves timers, checks capabilities and sends commands to rooms.
 */
export class TimerService {
  constructor(
    private readonly repository: TimerRepository,
    private readonly manage: TimerSettingsRepository,
    private readonly rooms: RoomRegistry,
    private readonly clock: Clock,
    /** An account's membership role on a timer (accounts, hub/src/auth). */
    private readonly memberships?: MembershipLookup,
  ) {}

  /** Creates a timer with its first match, ready to start. */
  /** Creates a timer; `admit` checks an owner's plan in the same transaction (`TimerRepository.createTimer`). */
  async create(input: CreateTimerInput, admit?: (owned: number) => void): Promise<CreatedTimer> {
    const { timer, match, controlKey } = this.prepare(input);
    await this.repository.createTimer(timer, match, admit);
    return { timer: { ...timer, currentMatchId: match.id }, controlKey, matchId: match.id };
  }

  /**
   * A new timer and its first match, not yet written: for callers that write several in one
   * transaction (`TimerRepository.createTimer` on it), such as publishing a tournament round.
   */
  prepare(input: CreateTimerInput): { timer: TimerRecord; match: MatchRow; controlKey: string } {
    const format = resolveFormat(input);
    const controlKey = newSecretKey();
    const timer: TimerRecord = {
      id: newId(),
      shortid: newShortId(),
      name: input.name?.trim() || format.name,
      description: input.description?.trim() ?? '',
      format,
      settings: input.settings ?? {},
      controlKeyHash: hashKey(controlKey),
      viewKey: input.private ? newViewKey() : null,
      judgeKey: newViewKey(),
      ownerId: input.ownerId ?? null,
      currentMatchId: null,
    };
    const match: MatchRow = {
      id: newId(),
      timerId: timer.id,
      state: createMatch(format, { now: this.clock.now() }),
      version: 0,
    };
    return { timer, match, controlKey };
  }

  /** The hub's server time (records read running clocks at it). */
  now(): number {
    return this.clock.now();
  }

  /** A timer by id or short id; throws NOT_FOUND. */
  async get(idOrShortId: string): Promise<TimerRecord> {
    const timer =
      (await this.repository.findTimer(idOrShortId)) ??
      (await this.repository.findTimerByShortId(idOrShortId));
    if (!timer) throw new HubError('NOT_FOUND', M.timerNotFound, 'timer-not-found');
    return timer;
  }

  /**
   * The caller's role on a timer, the strongest of: the control key (owner of a timer no
   * account owns, controller of an owned one), the owning account (owner), a membership.
   */
  async roleOf(timer: TimerRecord, caller: TimerCaller): Promise<TimerRole> {
    let role: TimerRole = 'viewer';
    if (this.canControl(timer, caller.presentedKeys(timer.id))) role = timer.ownerId ? 'controller' : 'owner';
    if (caller.user && caller.user.id === timer.ownerId) role = strongest(role, 'owner');
    // A membership (from an invite link or the owner) counts when it is stronger.
    const member =
      caller.user && role !== 'owner' ? await this.memberships?.(timer.id, caller.user.id) : null;
    return member ? strongest(role, member) : role;
  }

  /** True when one of the presented keys is the timer's control key. */
  canControl(timer: TimerRecord, presentedKeys: readonly string[]): boolean {
    return presentedKeys.some((key) => keyMatches(key, timer.controlKeyHash));
  }

  /** Throws UNAUTHORIZED (no key) or FORBIDDEN (wrong key) unless a key controls the timer. */
  requireControl(timer: TimerRecord, presentedKeys: readonly string[]): void {
    if (presentedKeys.length === 0)
      throw new HubError('UNAUTHORIZED', M.controlKeyMissing, 'control-key-missing');
    if (!this.canControl(timer, presentedKeys))
      throw new HubError('FORBIDDEN', M.controlKeyWrong, 'control-key-wrong');
  }

  /**
   * True when the caller may watch the timer: it is public, or the caller brings its view key,
   * or has any standing on it (the control key, the owning account, a membership).
   */
  async canView(
    timer: TimerRecord,
    caller: TimerCaller,
    viewKey: string | null | undefined,
  ): Promise<boolean> {
    if (timer.viewKey === null) return true;
    if (viewKey && sameSecret(viewKey, timer.viewKey)) return true;
    if (this.canControl(timer, caller.presentedKeys(timer.id))) return true;
    if (!caller.user) return false;
    if (caller.user.id === timer.ownerId) return true;
    return (await this.memberships?.(timer.id, caller.user.id)) != null;
  }

  /** True when `judgeKey` is the key of the timer's judge link. */
  holdsJudgeKey(timer: TimerRecord, judgeKey: string | null | undefined): boolean {
    return typeof judgeKey === 'string' && judgeKey !== '' && sameSecret(judgeKey, timer.judgeKey);
  }

  /** Throws UNAUTHORIZED (no view key) or FORBIDDEN (a wrong one) unless the caller may watch the timer. */
  async requireView(
    timer: TimerRecord,
    caller: TimerCaller,
    viewKey: string | null | undefined,
  ): Promise<void> {
    if (await this.canView(timer, caller, viewKey)) return;
    if (viewKey) throw new HubError('FORBIDDEN', M.viewKeyWrong, 'view-key-wrong');
    throw new HubError('UNAUTHORIZED', M.viewKeyRequired, 'view-key-required');
  }

  /** The room of a timer's match (its current match by default); throws NOT_FOUND. */
  async room(timer: TimerRecord, matchId?: string): Promise<MatchRoom> {
    const id = matchId ?? timer.currentMatchId;
    const room = id ? await this.rooms.room(id) : null;
    if (!room || room.timerId !== timer.id)
      throw new HubError('NOT_FOUND', M.matchNotFound, 'match-not-found');
    return room;
  }

  /**
   * Sends a command from outside (tRPC, the HTTP API) to a match's room and returns its outcome.
   * Commands only the hub issues (its scheduler's `expire`, a result from the record) are refused.
   */
  async command(
    timer: TimerRecord,
    matchId: string | undefined,
    command: Command,
    options: { expectedVersion?: number; actor: string },
  ): Promise<CommandOutcome> {
    requireOutsideCommand(command);
    const room = await this.room(timer, matchId);
    return room.command(command, options);
  }

  /**
   * Starts a fresh match from the timer's format, with its schedule entry when given, and
   * makes it current on every hub: screens following the timer and lobby relays move to it.
   * The one implementation behind `timer.newMatch`, `manage.startMatch` and `manage.setFormat`.
   */
  async startMatch(timer: TimerRecord, scheduleEntry: unknown = null): Promise<MatchRoom> {
    const match: MatchRow = {
      id: newId(),
      timerId: timer.id,
      state: createMatch(timer.format, { now: this.clock.now() }),
      version: 0,
    };
    await this.repository.addMatch(match, scheduleEntry);
    await this.rooms.announce({ type: 'current', timerId: timer.id, matchId: match.id });
    if (scheduleEntry !== null) await this.rooms.announce({ type: 'timer', timerId: timer.id });
    return this.room({ ...timer, currentMatchId: match.id });
  }

  /**
   * Gives the timer's current match `format` when it has not begun (the reducer refuses a match
   * that has: `match-begun`). True when the match took it; every hub's screens follow.
   */
  async applyFormatToCurrent(timer: TimerRecord, format: Format): Promise<boolean> {
    if (!timer.currentMatchId) return false;
    const room = await this.room(timer);
    // The same format again (a save without changes) changes nothing: no new version to send.
    if (JSON.stringify(room.current.format) === JSON.stringify(format)) return !matchHasBegun(room.current);
    const outcome = await room.command({ type: 'setFormat', format }, { actor: 'manage' });
    return outcome.ok;
  }

  /** Makes one of the timer's matches current on every hub; NOT_FOUND when it is not the timer's. */
  async makeCurrent(timer: TimerRecord, matchId: string): Promise<MatchRoom> {
    if (!(await this.manage.setCurrentMatch(timer.id, matchId)))
      throw new HubError('NOT_FOUND', M.matchNotFound, 'match-not-found');
    await this.rooms.announce({ type: 'current', timerId: timer.id, matchId });
    return this.room({ ...timer, currentMatchId: matchId });
  }

  /** Names one of the timer's screens, on whichever hub holds it (the roster shows it at the next tick). */
  async renameScreen(timer: TimerRecord, screenId: string, name: string): Promise<void> {
    await this.rooms.announce({ type: 'screen', timerId: timer.id, screenId, name });
  }

  /** After a timer's facts were committed: every hub's rooms re-read them. Returns the fresh record. */
  async changed(timerId: string): Promise<TimerRecord> {
    await this.rooms.announce({ type: 'timer', timerId });
    return this.get(timerId);
  }

  /** After credentials on a timer were revoked: every hub checks its open sessions again. */
  async accessChanged(timerId: string): Promise<void> {
    await this.rooms.announce({ type: 'access', timerId });
  }

  /**
   * Replaces the control key: the old one (links, cookies, API bearer, open sockets) stops
   * working at once, on every hub. The new key is returned this once.
   */
  async rotateControlKey(timer: TimerRecord): Promise<string> {
    const controlKey = newSecretKey();
    await this.manage.setControlKeyHash(timer.id, hashKey(controlKey));
    await this.accessChanged(timer.id);
    return controlKey;
  }

  /**
   * Replaces the judge key: judge links handed out before stop working, and screens open as a
   * judge with the old key close, on every hub. Returns the new key.
   */
  async rotateJudgeKey(timer: TimerRecord): Promise<string> {
    const judgeKey = newViewKey();
    await this.manage.setJudgeKey(timer.id, judgeKey);
    await this.accessChanged(timer.id);
    return judgeKey;
  }

  /**
   * Makes the timer private with a new view key (old display links stop working, open ones
   * close) or public again (`enabled` false). Returns the new view key, or null.
   */
  async setPrivate(timer: TimerRecord, enabled: boolean): Promise<string | null> {
    const viewKey = enabled ? newViewKey() : null;
    await this.manage.setViewKey(timer.id, viewKey);
    await this.accessChanged(timer.id);
    return viewKey;
  }
}

/** Throws BAD_REQUEST (`command-reserved`) for a command only the hub itself may issue. */
export function requireOutsideCommand(command: Command): void {
  if (!isHubOnlyCommand(command)) return;
  if (command.type === 'expire') throw new HubError('BAD_REQUEST', M.expireReserved, 'command-reserved');
  if (command.type === 'overlay') throw new HubError('BAD_REQUEST', M.resultReserved, 'command-reserved');
  throw new HubError('BAD_REQUEST', TIMER_ERROR_MESSAGES['hub-only'], 'hub-only');
}

function sameSecret(presented: string, stored: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

function resolveFormat(input: CreateTimerInput): Format {
  if (input.format !== undefined) {
    const parsed = validateFormat(input.format);
    if (!parsed.ok) {
      throw new HubError(
        'BAD_REQUEST',
        M.formatInvalid(parsed.errors.map((issue) => `${issue.path} ${issue.message}`).join('；')),
        'format-invalid',
        {
          issues: parsed.errors,
        },
      );
    }
    return parsed.format;
  }
  const format = getBuiltinFormat(input.formatId ?? DEFAULT_FORMAT_ID);
  if (!format) throw new HubError('BAD_REQUEST', M.formatUnknown(input.formatId ?? ''), 'format-unknown');
  return format;
}

/** The format a timer starts with when none is named. */
export const DEFAULT_FORMAT_ID = 'cn-worldcup';
