import { AUTH_MESSAGES } from './messages';
import { HubError } from '../lib/errors';
import type { Context } from '../trpc/context';
import { middleware, publicProcedure } from '../trpc/init';

/** The error for a caller without the account a procedure needs. */
export function signInError(ctx: Context): HubError {
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
