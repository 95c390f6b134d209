import type { TestServer } from './test-servers';

/** The FerretDB of this jest run (tools/jest/mongo.global-setup.mjs). */
export function mongoTestServer(env: NodeJS.ProcessEnv = process.env): TestServer<{ url: string }> {
  const url = env['WILDFRAME_TEST_MONGO_URL'];
  if (url) return { available: true, facts: { url } };
  const why = env['WILDFRAME_TEST_MONGO_UNAVAILABLE'];
  return { available: false, reason: `FerretDB ${why ? `could not start: ${why}` : 'was not started for this run (tools/jest/databases.global-setup.mjs)'}` };
}
