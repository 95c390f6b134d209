import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --config services/contact/drizzle.config.ts` writes the next migration.
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/contact/src/repositories/postgres/schema.ts',
  out: './services/contact/migrations',
  schemaFilter: ['contact'],
});
