export default async function teardown() {
  const running = globalThis.__WILDFRAME_TEST_MONGO__ ?? [];
  globalThis.__WILDFRAME_TEST_MONGO__ = undefined;
  await Promise.allSettled(running.map((server) => server.stop()));
}
