import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './hub/src/db/schema.ts',
  out: './hub/drizzle',
});
