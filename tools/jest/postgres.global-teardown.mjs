import { rmSync } from 'node:fs';

export default async function teardown() {
  const running = globalThis.__WILDFRAME_TEST_POSTGRES__;
  if (!running) return;
  await running.postgres.stop();
  rmSync(running.dir, { recursive: true, force: true });
}
