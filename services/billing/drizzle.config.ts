import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --config services/billing/drizzle.config.ts` writes the next migration.
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/billing/src/repositories/postgres/schema.ts',
  out: './services/billing/migrations',
  schemaFilter: ['billing'],
});
