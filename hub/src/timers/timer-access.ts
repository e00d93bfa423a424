import { z } from 'zod';
import { HubError } from '../lib/errors';
import { publicProcedure } from '../trpc/init';
import { signInError } from '../auth/auth-access';
import { M } from './messages';
import { atLeast, type TimerRole } from './roles';

/** Timer ids and short ids as procedures accept them. */
export const timerIdSchema = z.string().min(1).max(64);

/**
 * A procedure on one timer that needs at least `minimum` there. Its input must carry
 * `timerId`; handlers get `ctx.timer` and `ctx.timerRole`. Without any credential the caller
 * is told to sign in or open a control link (401); with the wrong one, forbidden (403).
 */
export function timerProcedure(minimum: TimerRole) {
  return publicProcedure.input(z.object({ timerId: timerIdSchema })).use(async ({ ctx, input, next }) => {
    const timer = await ctx.services.timers.get(input.timerId);
    const role = await ctx.services.timers.roleOf(timer, ctx);
    if (!atLeast(role, minimum)) {
      if (ctx.cookiesRejected) throw signInError(ctx);
      const anonymous = ctx.presentedKeys(timer.id).length === 0 && ctx.user === null;
      throw anonymous
        ? new HubError('UNAUTHORIZED', M.controlKeyMissing, 'credentials-missing')
        : new HubError('FORBIDDEN', M.roleTooLow, 'role-too-low');
    }
    return next({ ctx: { timer, timerRole: role } });
  });
}
