import { aiRouter } from './ai/ai.procedures';
import { analyticsRouter } from './analytics/analytics.procedures';
import { libraryRouter } from './library/library.procedures';
import { authRouter } from './auth/auth.procedures';
import { commerceRouter } from './commerce/commerce.procedures';
import { integrationsRouter } from './integrations/integrations.procedures';
import { clockRouter } from './timers/clock.procedures';
import { lobbyRouter } from './lobbies/lobby.procedures';
import { membersRouter } from './timers/timer-members.procedures';
import { manageRouter } from './timers/timer-settings.procedures';
import { systemRouter } from './system.procedures';
import { fallbackRouter } from './supabase/fallback.procedures';
import { timerRouter } from './timers/timer.procedures';
import { tournamentRouter } from './tournaments/tournament.procedures';
import { workbenchRouter } from './yjs/yjs.procedures';
import { router } from './trpc/init';
// Brings in the services every procedure's context carries: services.ts fills the context's port.
import type {} from './services';

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
