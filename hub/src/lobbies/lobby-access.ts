import { lobbyIdSchema } from '@bianshi/shared';
import { z } from 'zod';
import { HubError } from '../lib/errors';
import { publicProcedure } from '../trpc/init';
import { L } from './messages';

/**
 * A procedure only a lobby's organizer may call (organizer key as cookie, bearer or connection
 * param, or the owning account). Its input must carry `lobbyId`; handlers get `ctx.lobby`.
 * Everyone else — the audience, judges, a wrong key — is refused with 403: they are in the
 * lobby, just not allowed to run it.
 */
export const organizerProcedure = publicProcedure
  .input(z.object({ lobbyId: lobbyIdSchema }))
  .use(async ({ ctx, input, next }) => {
    const lobby = await ctx.services.lobbies.get(input.lobbyId);
    if (!ctx.services.lobbies.isOrganizer(lobby, ctx))
      throw new HubError('FORBIDDEN', L.organizerOnly, 'organizer-only');
    return next({ ctx: { lobby } });
  });
