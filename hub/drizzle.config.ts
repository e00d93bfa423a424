import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The core tables (timers, matches, accounts, lobbies) and each domain's own.
  schema: [
    './hub/src/db/schema.ts',
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
