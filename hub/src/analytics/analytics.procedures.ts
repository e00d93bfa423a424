import { z } from 'zod';
import { adminProcedure } from '../auth/auth-access';
import { router } from '../trpc/init';

/** Analytics for admins: page views, visitors, top pages and referrers by day. */
export const analyticsRouter = router({
  summary: adminProcedure
    .input(z.object({ days: z.number().int().min(1).max(366).default(30) }))
    .query(({ ctx, input }) => ctx.services.analytics.summary(input.days)),
});
