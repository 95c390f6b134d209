import { envField, loggingEnv, trustProxyEnv } from '@wildframe/platform';
import { z } from 'zod';

/**
 * The standalone shape's own settings. Everything has a default: `npm start` needs no setup.
 * Each service's settings are validated by that service's own schema on top of these.
 */
export const standaloneConfigSchema = z.object({
  PORT: envField.port(3000),
  ...trustProxyEnv,
  /** Where the embedded database, stored files and the instance lock live. */
  DATA_DIR: envField.string().default('./data'),
  /**
   * Use an existing database instead of the embedded PostgreSQL: `postgres://…` (a schema per
   * service) or `mongodb://…` (a database per service, `<database of the URL or wildframe>_<service>`).
   */
  DATABASE_URL: envField.databaseUrl().optional(),
  /** One service's database instead of DATABASE_URL's (e.g. moving one service to MongoDB first). */
  AUTH_DATABASE_URL: envField.databaseUrl().optional(),
  PHOTOS_DATABASE_URL: envField.databaseUrl().optional(),
  ANALYSIS_DATABASE_URL: envField.databaseUrl().optional(),
  BILLING_DATABASE_URL: envField.databaseUrl().optional(),
  CONTACT_DATABASE_URL: envField.databaseUrl().optional(),
  /** The site's public address, for the links of social previews (see the gateway's PUBLIC_ORIGIN). */
  PUBLIC_ORIGIN: envField.url(['http', 'https']).transform((url) => new URL(url).origin).optional(),
  /** Built web app; defaults to frontend/dist in the workspace. */
  WEB_DIR: envField.string().optional(),
  /** First start adds a demo account's photos and the home page images. */
  SEED_DEMO_CONTENT: envField.bool(true),
  ...loggingEnv,
});

export type StandaloneConfig = z.infer<typeof standaloneConfigSchema>;
