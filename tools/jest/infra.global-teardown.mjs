import databasesTeardown from './databases.global-teardown.mjs';

export default async function teardown() {
  const running = globalThis.__WILDFRAME_TEST_INFRA__ ?? [];
  globalThis.__WILDFRAME_TEST_INFRA__ = undefined;
  await Promise.allSettled(running.map((server) => server.stop()));
  await databasesTeardown();
}
