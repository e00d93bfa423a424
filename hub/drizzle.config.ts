import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each domain's tables (and the database's own, in db/schema.ts).
  schema: [
    './hub/src/db/schema.ts',
    './hub/src/timers/timer.schema.ts',
    './hub/src/lobbies/lobby.schema.ts',
    './hub/src/auth/auth.schema.ts',
    './hub/src/commerce/commerce.schema.ts',
    './hub/src/analytics/analytics.schema.ts',
    './hub/src/library/library.schema.ts',
    './hub/src/yjs/yjs.schema.ts',
    './hub/src/ai/ai.schema.ts',
    './hub/src/tournaments/tournament.schema.ts',
    './hub/src/integrations/integrations.schema.ts',
  ],
  out: './hub/drizzle',
});
