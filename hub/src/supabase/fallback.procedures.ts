import { z } from 'zod';
import { HubError } from '../lib/errors';
import { rateLimit, router } from '../trpc/init';
import { timerIdSchema, timerProcedure } from '../timers/timer-access';
import { M } from './messages';

/** The Supabase realtime fallback's procedures (`fallback.*`). */
export const fallbackRouter = router({
  /**
   * A certificate for a console's own key (base64url uncompressed P-256 point) to sign what it
   * broadcasts on the timer's fallback channel while cut off from the hub, valid for an hour.
   * Only controllers get one, and a console renews it every few minutes: revoked control (a
   * rotated control key, a removed member) gets no renewal, so its last certificate runs out.
   * Private timers get none: their state never goes to the public channel.
   */
  certificate: timerProcedure('controller')
    .use(rateLimit((ctx) => ctx.services.limits.commands))
    .input(z.object({ timerId: timerIdSchema, publicKey: z.string().min(1).max(200) }))
    .mutation(({ ctx, input }) => {
      const signer = ctx.services.fallbackSigner;
      if (!signer) throw new HubError('NOT_FOUND', M.notConfigured, 'fallback-not-configured');
      if (ctx.timer.viewKey !== null) throw new HubError('FORBIDDEN', M.privateTimer, 'private-timer');
      return signer.certify(ctx.timer.id, input.publicKey, ctx.services.clock.now());
    }),
});
