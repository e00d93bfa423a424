import { z } from 'zod';
import { AUTH_MESSAGES } from '../auth/messages';
import { HubError } from '../lib/errors';
import { atLeast, type TimerRole } from '../timers/roles';
import { M } from '../timers/messages';
import type { Context } from './context';
import { middleware, publicProcedure } from './init';

/** Timer ids and short ids as procedures accept them. */
export const timerIdSchema = z.string().min(1).max(64);

/** The error for a caller without the account a procedure needs. */
function signInError(ctx: Context): HubError {
  return ctx.cookiesRejected
    ? new HubError('FORBIDDEN', AUTH_MESSAGES.sessionRejected, 'csrf-rejected')
    : new HubError('UNAUTHORIZED', AUTH_MESSAGES.signInRequired, 'sign-in-required');
}

/**
 * Refuses requests a browser says come from another site (login CSRF, forced sign-out).
 * Scripts without browser headers pass: they cannot be tricked into sending a victim's cookies.
 */
const sameSiteOnly = middleware(({ ctx, next }) => {
  if (ctx.origin === 'cross') throw new HubError('FORBIDDEN', AUTH_MESSAGES.crossSite, 'cross-site');
  return next();
});

/** A procedure anyone may call, but only from this site when a browser sends it (sign-in, sign-up). */
export const sameSiteProcedure = publicProcedure.use(sameSiteOnly);

/** Middleware that needs a signed-in account; later handlers get `ctx.user` non-null. */
export const authedMiddleware = middleware(({ ctx, next }) => {
  if (!ctx.user) throw signInError(ctx);
  return next({ ctx: { user: ctx.user } });
});

/** A procedure for signed-in accounts; handlers get `ctx.user` non-null. */
export const authedProcedure = publicProcedure.use(authedMiddleware);

/** A procedure for global admins (ADMIN_EMAILS or `npm run admin -- grant <email>`). */
export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new HubError('FORBIDDEN', AUTH_MESSAGES.adminRequired, 'admin-required');
  return next();
});

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
