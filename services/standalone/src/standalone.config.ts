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
  /** Use an existing PostgreSQL instead of the embedded one (tests, or an operator's choice). */
  DATABASE_URL: envField.url(['postgres', 'postgresql']).optional(),
  /** The site's public address, for the links of social previews (see the gateway's PUBLIC_ORIGIN). */
  PUBLIC_ORIGIN: envField.url(['http', 'https']).transform((url) => new URL(url).origin).optional(),
  /** Built web app; defaults to frontend/dist in the workspace. */
  WEB_DIR: envField.string().optional(),
  /** First start adds a demo account's photos and the home page images. */
  SEED_DEMO_CONTENT: envField.bool(true),
  ...loggingEnv,
});

export type StandaloneConfig = z.infer<typeof standaloneConfigSchema>;
