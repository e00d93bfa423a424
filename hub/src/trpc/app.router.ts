import { systemRouter } from '../routers/system.router';
import { router } from './init';

/** Every domain router, merged. The client imports only `type AppRouter` from here. */
export const appRouter = router({
  system: systemRouter,
});

export type AppRouter = typeof appRouter;
