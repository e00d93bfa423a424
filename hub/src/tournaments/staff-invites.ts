import { TOURNAMENT_LIMITS, TOURNAMENT_ROLE_LABELS } from '@bianshi/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { users } from '../db/schema';
import { HubError } from '../lib/errors';
import type { RateLimiter } from '../lib/rate-limit';
import type { Mailer } from '../mail/mailer';
import { MAIL } from '../mail/messages';
import { T } from './messages';
import type { TournamentChanges } from './tournament-changes';
import type { TournamentRepository, TournamentRow } from './tournament.repository';
import { tournamentStaff, tournamentStaffInvites } from './tournament.schema';

/** Invitations by email (staff or judges with an address) one inviter may send per hour. */
export const INVITES_PER_HOUR = 60;
/** The same per client address: several organizers on one venue network share it. */
export const INVITES_PER_ADDRESS_HOUR = 200;

type StaffRole = 'organizer' | 'judgeCoordinator';

/** Who is claiming invitations: a signed-in account and whether it proved its address. */
export interface InviteClaimer {
  id: string;
  email: string;
  emailVerified?: boolean;
}

/** What inviting answers: the same whether or not the address has an account. */
export interface StaffInviteResult {
  /** `invited`: pending until its owner opens the tournament; `updated`: an existing staff member's new role. */
  status: 'invited' | 'updated';
  email: string;
  role: StaffRole;
  /** Whether an invitation mail was sent (the hub has mail), never whether an account exists. */
  mailed: boolean;
}

/**
 * Staff invitations by email. Inviting never looks the address up among accounts: it records a
 * pending invitation (and mails it when the hub has mail), so the answer cannot tell a stranger
 * which addresses have accounts. The invitation becomes a staff role when an account with that
 * address — verified, when the hub can verify addresses — opens the tournament or its list.
 */
export class StaffInvites {
  constructor(
    private readonly repository: TournamentRepository,
    private readonly changes: TournamentChanges,
    private readonly mailer: Mailer,
    private readonly limits: { byInviter: RateLimiter; byAddress: RateLimiter },
    /** True when the hub can verify addresses (mail or Supabase): only verified ones claim. */
    private readonly needVerified: boolean,
  ) {}

  /** Spends one invitation of the inviter's and the address's budgets, or refuses with 429. */
  async spend(inviterId: string, ip: string): Promise<void> {
    for (const [limiter, key] of [
      [this.limits.byInviter, inviterId],
      [this.limits.byAddress, ip],
    ] as const) {
      const taken = await limiter.hit(key);
      if (!taken.ok)
        throw new HubError('TOO_MANY_REQUESTS', T.invitesRateLimited(taken.retryAfterMs), 'rate-limited', {
          retryAfterMs: taken.retryAfterMs,
        });
    }
  }

  /** Invites `email` as `role`, or re-roles the staff member who has it. */
  async invite(
    tournament: TournamentRow,
    input: { email: string; role: StaffRole; inviter: string; inviterId: string; link: string },
  ): Promise<StaffInviteResult> {
    const email = input.email.trim().toLowerCase();
    const [owner] = await this.repository.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, tournament.ownerId));
    if (owner?.email === email) throw new HubError('BAD_REQUEST', T.cannotRemoveOwner, 'owner-role-fixed');
    // Staff are already known to the owner: changing their role reveals nothing.
    const [member] = await this.repository.db
      .select({ userId: tournamentStaff.userId })
      .from(tournamentStaff)
      .innerJoin(users, eq(users.id, tournamentStaff.userId))
      .where(and(eq(tournamentStaff.tournamentId, tournament.id), eq(users.email, email)));
    if (member) {
      await this.changes.write(tournament.id, (tx) =>
        tx
          .update(tournamentStaff)
          .set({ role: input.role })
          .where(and(eq(tournamentStaff.tournamentId, tournament.id), eq(tournamentStaff.userId, member.userId))),
      );
      return { status: 'updated', email, role: input.role, mailed: false };
    }
    const [staff, pending] = await Promise.all([
      this.repository.db
        .select({ n: sql<number>`count(*)::int` })
        .from(tournamentStaff)
        .where(eq(tournamentStaff.tournamentId, tournament.id)),
      this.pending(tournament.id),
    ]);
    const taken = (staff[0]?.n ?? 0) + pending.filter((invite) => invite.email !== email).length;
    if (taken >= TOURNAMENT_LIMITS.organizers)
      throw new HubError('BAD_REQUEST', T.tooManyOrganizers(TOURNAMENT_LIMITS.organizers), 'too-many-organizers');
    await this.changes.write(tournament.id, (tx) =>
      tx
        .insert(tournamentStaffInvites)
        .values({ tournamentId: tournament.id, email, role: input.role, invitedBy: input.inviterId })
        .onConflictDoUpdate({
          target: [tournamentStaffInvites.tournamentId, tournamentStaffInvites.email],
          set: { role: input.role },
        }),
    );
    if (this.mailer.enabled)
      this.mailer.send(
        MAIL.staffInvite(email, {
          tournament: tournament.name,
          role: TOURNAMENT_ROLE_LABELS[input.role],
          inviter: input.inviter,
          link: input.link,
        }),
      );
    return { status: 'invited', email, role: input.role, mailed: this.mailer.enabled };
  }

  /** Mails a judge their private ballot link (when the hub has mail); says whether it did. */
  mailBallotLink(tournament: TournamentRow, judge: { name: string; email: string }, link: string): boolean {
    if (!this.mailer.enabled) return false;
    this.mailer.send(MAIL.judgeInvite(judge.email, { tournament: tournament.name, judge: judge.name, link }));
    return true;
  }

  /** Pending invitations of a tournament, oldest first (for its owner). */
  async pending(tournamentId: string): Promise<{ email: string; role: StaffRole; createdAt: Date }[]> {
    return this.repository.db
      .select({
        email: tournamentStaffInvites.email,
        role: tournamentStaffInvites.role,
        createdAt: tournamentStaffInvites.createdAt,
      })
      .from(tournamentStaffInvites)
      .where(eq(tournamentStaffInvites.tournamentId, tournamentId))
      .orderBy(asc(tournamentStaffInvites.createdAt));
  }

  /** Withdraws a pending invitation. */
  async revoke(tournament: TournamentRow, email: string): Promise<void> {
    await this.changes.write(tournament.id, (tx) =>
      tx
        .delete(tournamentStaffInvites)
        .where(
          and(
            eq(tournamentStaffInvites.tournamentId, tournament.id),
            eq(tournamentStaffInvites.email, email.trim().toLowerCase()),
          ),
        ),
    );
  }

  /**
   * Turns the caller's pending invitations (of one tournament, or all) into staff roles, and
   * returns the role claimed in `tournamentId`, if any. An address the hub could verify but the
   * caller has not claims nothing: whoever signs up first with someone's address gets no role.
   */
  async claim(user: InviteClaimer, tournamentId?: string): Promise<StaffRole | null> {
    if (this.needVerified && !user.emailVerified) return null;
    const invites = await this.repository.db
      .select()
      .from(tournamentStaffInvites)
      .where(
        and(
          eq(tournamentStaffInvites.email, user.email.toLowerCase()),
          tournamentId ? eq(tournamentStaffInvites.tournamentId, tournamentId) : undefined,
        ),
      );
    let claimed: StaffRole | null = null;
    for (const invite of invites) {
      const tournament = await this.repository.find(invite.tournamentId);
      await this.changes.write(invite.tournamentId, async (tx) => {
        await tx
          .delete(tournamentStaffInvites)
          .where(
            and(
              eq(tournamentStaffInvites.tournamentId, invite.tournamentId),
              eq(tournamentStaffInvites.email, invite.email),
            ),
          );
        if (!tournament || tournament.ownerId === user.id) return;
        await tx
          .insert(tournamentStaff)
          .values({ tournamentId: invite.tournamentId, userId: user.id, role: invite.role })
          .onConflictDoUpdate({ target: [tournamentStaff.tournamentId, tournamentStaff.userId], set: { role: invite.role } });
      });
      if (invite.tournamentId === tournamentId && tournament?.ownerId !== user.id) claimed = invite.role;
    }
    return claimed;
  }
}
