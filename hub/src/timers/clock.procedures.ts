import { publicProcedure, router } from '../trpc/init';

/** Clock sync: the client sends t0, reads t3 on receipt; the hub reports t1 and t2. */
export const clockRouter = router({
  ping: publicProcedure.query(({ ctx }) => {
    const receivedAt = ctx.services.clock.now();
    return { receivedAt, sentAt: ctx.services.clock.now() };
  }),
});
