import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --config services/analysis/drizzle.config.ts` writes the next migration.
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/analysis/src/repositories/postgres/schema.ts',
  out: './services/analysis/migrations',
  schemaFilter: ['analysis'],
});
