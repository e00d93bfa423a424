import { z } from 'zod';
import { MEMBER_ROLES } from './timer-members.service';
import { publicProcedure, router } from '../trpc/init';
import { deviceCapabilityIds } from '../trpc/device-capabilities';
import { authedProcedure } from '../auth/auth-access';
import { timerProcedure } from './timer-access';

const memberRoleSchema = z.enum(MEMBER_ROLES);
const userIdSchema = z.string().min(1).max(64);
const tokenSchema = z.string().min(20).max(200);

/**
 * Who may do what on a timer besides its control key: members with a role, invite links with
 * a role and an expiry (a judge link is an invite with role `judge`). The owner manages both.
 */
export const membersRouter = router({
  /** Members and invite links of a timer. */
  list: timerProcedure('owner').query(({ ctx }) => ctx.services.members.list(ctx.timer.id)),

  /** Changes a member's role. */
  setRole: timerProcedure('owner')
    .input(z.object({ userId: userIdSchema, role: memberRoleSchema }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.members.setRole(ctx.timer.id, input.userId, input.role);
      // A lowered role ends what it allowed on sockets already open, on every hub.
      await ctx.services.timers.accessChanged(ctx.timer.id);
      return { ok: true as const };
    }),

  /** Removes a member. */
  remove: timerProcedure('owner')
    .input(z.object({ userId: userIdSchema }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.members.remove(ctx.timer.id, input.userId);
      await ctx.services.timers.accessChanged(ctx.timer.id);
      return { ok: true as const };
    }),

  /**
   * Replaces the judge link's key (editors and owners): judge links handed out before stop
   * working, and screens open as a judge with the old key close, on every hub.
   */
  rotateJudgeKey: timerProcedure('editor').mutation(async ({ ctx }) => ({
    judgeKey: await ctx.services.timers.rotateJudgeKey(ctx.timer),
  })),

  /** Creates an invite link (`/timer/invite/<token>`); the token is shown this once. */
  createInvite: timerProcedure('owner')
    .input(
      z.object({
        role: memberRoleSchema,
        expiresInHours: z.number().int().min(1).max(720).default(168),
        label: z.string().trim().max(40).optional(),
      }),
    )
    .mutation(({ ctx, input }) =>
      ctx.services.members.createInvite(ctx.timer.id, input, ctx.user?.id ?? null),
    ),

  /** Revokes an invite link. */
  revokeInvite: timerProcedure('owner')
    .input(z.object({ inviteId: z.string().min(1).max(64) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.members.revokeInvite(ctx.timer.id, input.inviteId);
      return { ok: true as const };
    }),

  /** What an invite link offers (timer name and role), before signing in to accept it. */
  previewInvite: publicProcedure
    .input(z.strictObject({ token: tokenSchema }))
    .query(async ({ ctx, input }) => {
      const invite = await ctx.services.members.liveInvite(input.token);
      const timer = await ctx.services.timers.get(invite.timerId);
      return { timerName: timer.name, role: invite.role, expiresAt: invite.expiresAt };
    }),

  /** Joins a timer with an invite link's role. */
  acceptInvite: authedProcedure
    .input(z.strictObject({ token: tokenSchema }))
    .mutation(async ({ ctx, input }) => {
      const invite = await ctx.services.members.liveInvite(input.token);
      const timer = await ctx.services.timers.get(invite.timerId);
      const role = await ctx.services.members.acceptInvite(input.token, timer, ctx.user.id);
      return { timerId: timer.id, shortid: timer.shortid, role };
    }),

  /**
   * Timers made on this device before signing in (this browser holds their control cookie)
   * that no account owns yet: /home offers to claim them (`timer.claim`).
   */
  claimable: authedProcedure.query(async ({ ctx }) => {
    const found = await Promise.all(
      deviceCapabilityIds(ctx.req).map((id) => ctx.services.timers.get(id).catch(() => null)),
    );
    return found
      .filter(
        (timer): timer is NonNullable<typeof timer> =>
          timer !== null &&
          timer.ownerId === null &&
          ctx.services.timers.canControl(timer, ctx.presentedKeys(timer.id)),
      )
      .map((timer) => ({ id: timer.id, shortid: timer.shortid, name: timer.name }));
  }),

  /** The signed-in account's timers (owned and shared) and recent matches, for /home. */
  mine: authedProcedure.query(({ ctx }) => ctx.services.members.overview(ctx.user.id)),
});
