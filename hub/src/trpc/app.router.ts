import { authRouter } from '../routers/auth.router';
import { clockRouter } from '../routers/clock.router';
import { lobbyRouter } from '../routers/lobby.router';
import { membersRouter } from '../routers/members.router';
import { manageRouter } from '../routers/manage.router';
import { systemRouter } from '../routers/system.router';
import { timerRouter } from '../routers/timer.router';
import { router } from './init';

/** Every domain router, merged. The client imports only `type AppRouter` from here. */
export const appRouter = router({
  system: systemRouter,
  clock: clockRouter,
  timer: timerRouter,
  lobby: lobbyRouter,
  auth: authRouter,
  members: membersRouter,
  manage: manageRouter,
});

export type AppRouter = typeof appRouter;
