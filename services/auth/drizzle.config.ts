import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --config services/auth/drizzle.config.ts` writes the next migration.
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/auth/src/repositories/postgres/schema.ts',
  out: './services/auth/migrations',
  schemaFilter: ['auth'],
});
