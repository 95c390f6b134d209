import { rmSync } from 'node:fs';

export default async function teardown() {
  const running = globalThis.__WILDFRAME_TEST_POSTGRES__;
  if (!running) return;
  // Several projects of one run may name this teardown (directly or through the infra one).
  globalThis.__WILDFRAME_TEST_POSTGRES__ = undefined;
  await running.postgres.stop();
  rmSync(running.dir, { recursive: true, force: true });
}
