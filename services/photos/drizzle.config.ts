import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --config services/photos/drizzle.config.ts` writes the next migration.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './services/photos/src/repositories/postgres/schema.ts',
    './services/photos/src/member-ratings/postgres/member-ratings.schema.ts',
    './services/photos/src/photographers/postgres/photographers.schema.ts',
    './services/photos/src/photo-reviews/postgres/photo-reviews.schema.ts',
    './services/photos/src/upload-admission/postgres/upload-attempts.schema.ts',
  ],
  out: './services/photos/migrations',
  schemaFilter: ['photos'],
});
