import type { Clock } from '../lib/clock';
import { HubError } from '../lib/errors';
import { hashKey, newId, newSecretKey } from '../lib/ids';
import type { TimerRecord } from './timer.repository';
import { TIMER_ROLES, strongest, type TimerRole } from './roles';
import type { MemberRepository } from './timer-members.repository';
import { AUTH_MESSAGES as M } from '../auth/messages';

/** Roles an owner can give by membership or invite link (ownership itself is the account's). */
export const MEMBER_ROLES = [
  'viewer',
  'judge',
  'controller',
  'editor',
] as const satisfies readonly TimerRole[];
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** Longest an invite link may stay valid: 30 days. */
export const INVITE_MAX_HOURS = 24 * 30;

/** Client path of an invite link (the workbench has its own `/workbench/invite/:id`). */
export function invitePath(token: string): string {
  return `/timer/invite/${token}`;
}

function asRole(role: string): TimerRole | null {
  return (TIMER_ROLES as readonly string[]).includes(role) ? (role as TimerRole) : null;
}

/** Memberships, invite links and ownership claims of timers. */
export class MemberService {
  constructor(
    private readonly repository: MemberRepository,
    private readonly clock: Clock,
  ) {}

  /** An account's membership role on a timer, if any (TimerService.roleOf folds it in). */
  async roleFor(timerId: string, userId: string): Promise<TimerRole | null> {
    const role = await this.repository.roleOf(timerId, userId);
    return role ? asRole(role) : null;
  }

  /** Members and invite links of a timer, for its owner. */
  async list(timerId: string) {
    const now = this.clock.now();
    const [members, invites] = await Promise.all([
      this.repository.list(timerId),
      this.repository.listInvites(timerId),
    ]);
    return {
      members,
      invites: invites.map((invite) => ({ ...invite, expired: invite.expiresAt.getTime() <= now })),
    };
  }

  /** Gives an account a role on a timer, adding the membership when missing. */
  async putMember(timerId: string, userId: string, role: MemberRole): Promise<void> {
    await this.repository.put(timerId, userId, role);
  }

  async setRole(timerId: string, userId: string, role: MemberRole): Promise<void> {
    if (!(await this.repository.setRole(timerId, userId, role)))
      throw new HubError('NOT_FOUND', M.memberNotFound, 'member-not-found');
  }

  async remove(timerId: string, userId: string): Promise<void> {
    if (!(await this.repository.remove(timerId, userId)))
      throw new HubError('NOT_FOUND', M.memberNotFound, 'member-not-found');
  }

  /** Creates an invite link; the token is returned this once and stored hashed. */
  async createInvite(
    timerId: string,
    input: { role: MemberRole; expiresInHours: number; label?: string },
    createdBy: string | null,
  ) {
    const token = newSecretKey();
    const id = newId();
    const expiresAt = new Date(
      this.clock.now() + Math.min(input.expiresInHours, INVITE_MAX_HOURS) * 3_600_000,
    );
    await this.repository.insertInvite({
      id,
      timerId,
      tokenHash: hashKey(token),
      role: input.role,
      label: input.label?.trim() ?? '',
      expiresAt,
      createdBy,
    });
    return { id, token, role: input.role, expiresAt, path: invitePath(token) };
  }

  async revokeInvite(timerId: string, inviteId: string): Promise<void> {
    if (!(await this.repository.deleteInvite(timerId, inviteId)))
      throw new HubError('NOT_FOUND', M.inviteNotFound, 'invite-not-found');
  }

  /** A live invite by its token; throws NOT_FOUND for unknown, revoked or expired links alike. */
  async liveInvite(token: string) {
    const invite = await this.repository.findInvite(hashKey(token));
    const role = invite ? asRole(invite.role) : null;
    if (!invite || !role || invite.expiresAt.getTime() <= this.clock.now())
      throw new HubError('NOT_FOUND', M.inviteInvalid, 'invite-invalid');
    return { ...invite, role };
  }

  /**
   * Joins a timer through an invite: the account gets the invite's role, or keeps a stronger
   * one it already has. The owner joining their own link changes nothing.
   */
  async acceptInvite(token: string, timer: TimerRecord, userId: string): Promise<TimerRole> {
    const invite = await this.liveInvite(token);
    if (timer.ownerId === userId) return 'owner';
    const current = await this.roleFor(timer.id, userId);
    const role = current ? strongest(current, invite.role) : invite.role;
    await this.repository.put(timer.id, userId, role);
    await this.repository.countUse(invite.id, invite.uses + 1);
    return role;
  }

  /** Makes the caller the owner of a timer no account owns (they proved control with its key). */
  async claim(timer: TimerRecord, userId: string): Promise<void> {
    if (timer.ownerId === userId) return;
    if (timer.ownerId !== null || !(await this.repository.claim(timer.id, userId))) {
      throw new HubError('CONFLICT', M.timerAlreadyOwned, 'timer-owned');
    }
  }

  /** Timers the account owns or belongs to, with their most recent matches. */
  async overview(userId: string) {
    const timers = await this.repository.timersOf(userId, 100);
    const names = new Map(timers.map((timer) => [timer.id, timer]));
    const matches = await this.repository.recentMatches(
      timers.map((timer) => timer.id),
      10,
    );
    return {
      timers: timers.map((timer) => ({
        id: timer.id,
        shortid: timer.shortid,
        name: timer.name,
        role: (timer.memberRole ? (asRole(timer.memberRole) ?? 'viewer') : 'owner') as TimerRole,
        updatedAt: timer.updatedAt,
      })),
      recentMatches: matches.map((match) => ({
        ...match,
        timerName: names.get(match.timerId)?.name ?? '',
        timerShortid: names.get(match.timerId)?.shortid ?? '',
      })),
    };
  }
}
