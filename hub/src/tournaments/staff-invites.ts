import { TOURNAMENT_LIMITS, TOURNAMENT_ROLE_LABELS } from '@bianshi/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { users } from '../auth/auth.schema';
import { HubError } from '../lib/errors';
import type { RateLimiter } from '../lib/rate-limit';
import type { MailMessage, Mailer } from '../mail/mailer';
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
          .where(
            and(eq(tournamentStaff.tournamentId, tournament.id), eq(tournamentStaff.userId, member.userId)),
          ),
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
      throw new HubError(
        'BAD_REQUEST',
        T.tooManyOrganizers(TOURNAMENT_LIMITS.organizers),
        'too-many-organizers',
      );
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

  /**
   * After a round is published: mails each of its judges who has an address their fixtures and
   * private ballot link (when the hub has mail). Returns how many were mailed (0 without mail).
   */
  async mailRoundLinks(tournament: TournamentRow, roundId: string, base: string): Promise<number> {
    if (!this.mailer.enabled) return 0;
    const snapshot = await this.repository.snapshot(tournament);
    const round = snapshot.rounds.find((candidate) => candidate.id === roundId);
    if (!round) return 0;
    const teams = new Map(snapshot.teams.map((team) => [team.id, team.name]));
    const fixtures = snapshot.fixtures.filter((fixture) => fixture.roundId === roundId);
    let mailed = 0;
    for (const judge of snapshot.judges) {
      if (!judge.email || judge.revoked) continue;
      const mine = fixtures.filter((fixture) => fixture.judgeIds.includes(judge.id));
      if (mine.length === 0) continue;
      this.mailer.send(
        roundMail(judge.email, {
          tournament: tournament.name,
          round: round.name,
          judge: judge.name,
          fixtures: mine.map((fixture) =>
            [
              fixture.venue,
              `${teams.get(fixture.affTeamId ?? '') ?? '待定'}（正方） vs ${teams.get(fixture.negTeamId ?? '') ?? '待定'}（反方）`,
            ]
              .filter(Boolean)
              .join('：'),
          ),
          link: `${base}/worldcup/ballot/${judge.ballotToken}`,
        }),
      );
      mailed += 1;
    }
    return mailed;
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
          .onConflictDoUpdate({
            target: [tournamentStaff.tournamentId, tournamentStaff.userId],
            set: { role: invite.role },
          });
      });
      if (invite.tournamentId === tournamentId && tournament?.ownerId !== user.id) claimed = invite.role;
    }
    return claimed;
  }
}

/** The mail a judge gets when a round they judge is published. */
function roundMail(
  to: string,
  input: { tournament: string; round: string; judge: string; fixtures: string[]; link: string },
): MailMessage {
  return {
    to,
    subject: `【辩时】「${input.tournament}」${input.round}已发布`,
    text: `${input.judge}，你好！\n\n赛事「${input.tournament}」的${input.round}已发布，你执裁：\n\n${input.fixtures.map((line) => `· ${line}`).join('\n')}\n\n比赛的发言全部结束后，用下面你专属的链接提交评分（请勿转发给他人）：\n\n${input.link}\n\n—— 辩时 · 专业辩论比赛计时`,
  };
}
