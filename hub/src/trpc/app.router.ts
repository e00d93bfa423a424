import { aiRouter } from '../ai/ai.procedures';
import { analyticsRouter } from '../analytics/analytics.procedures';
import { libraryRouter } from '../library/library.procedures';
import { authRouter } from '../routers/auth.router';
import { commerceRouter } from '../commerce/commerce.procedures';
import { integrationsRouter } from '../integrations/integrations.procedures';
import { clockRouter } from '../routers/clock.router';
import { lobbyRouter } from '../routers/lobby.router';
import { membersRouter } from '../routers/members.router';
import { manageRouter } from '../routers/manage.router';
import { systemRouter } from '../routers/system.router';
import { fallbackRouter } from '../supabase/fallback.procedures';
import { timerRouter } from '../routers/timer.router';
import { tournamentRouter } from '../tournaments/tournament.router';
import { workbenchRouter } from '../yjs/yjs.procedures';
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
  commerce: commerceRouter,
  analytics: analyticsRouter,
  library: libraryRouter,
  workbench: workbenchRouter,
  ai: aiRouter,
  tournament: tournamentRouter,
  fallback: fallbackRouter,
  integrations: integrationsRouter,
});

export type AppRouter = typeof appRouter;
