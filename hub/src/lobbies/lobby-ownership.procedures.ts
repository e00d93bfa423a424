import { authedMiddleware, authedProcedure } from '../auth/auth-access';
import { deviceCapabilityIds } from '../trpc/device-capabilities';
import { organizerProcedure } from './lobby-access';

/**
 * Lobbies and accounts: a lobby made before signing in (its organizer cookie is the only proof)
 * can be claimed by the account, and /home lists the account's lobbies. Spread into the lobby
 * router, so these are `lobby.claim`, `lobby.mine` and `lobby.claimable`.
 */
export const lobbyOwnershipProcedures = {
  /** Makes the signed-in organizer's account the owner of the lobby. */
  claim: organizerProcedure.use(authedMiddleware).mutation(async ({ ctx }) => {
    await ctx.services.lobbies.claim(ctx.lobby, ctx.user.id);
    return { lobbyId: ctx.lobby.id };
  }),

  /** The lobbies the signed-in account owns. */
  mine: authedProcedure.query(({ ctx }) => ctx.services.lobbies.owned(ctx.user.id)),

  /** Lobbies made on this device (organizer cookie) that no account owns yet. */
  claimable: authedProcedure.query(({ ctx }) =>
    ctx.services.lobbies.claimable(deviceCapabilityIds(ctx.req), ctx),
  ),
};
