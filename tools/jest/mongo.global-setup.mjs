// The MongoDB-wire servers of a jest run, named to the tests through the environment:
//   WILDFRAME_TEST_MONGO_URL       FerretDB 1.24 (tools/infra/ferretdb.mjs, built once and cached;
//                                  starts in well under a second), the MongoDB backend of
//                                  describeEachBackend() in @wildframe/platform/testing;
//   WILDFRAME_TEST_REAL_MONGO_URL  real MongoDB in a container (testcontainers), only where a
//                                  container runtime exists: the same suites then run on it too.
// Given already (e.g. a CI service), they are used as they are. FerretDB that cannot start fails the
// run under CI=true or WILDFRAME_REQUIRE_INFRA=1; elsewhere the MongoDB suites are skipped with the
// reason (WILDFRAME_TEST_MONGO_UNAVAILABLE). The absence of a container runtime is only reported.
import { existsSync } from 'node:fs';
import { infraRequired } from './infra-required.mjs';

const MONGO_IMAGE = process.env.WILDFRAME_TEST_MONGO_IMAGE || 'mongo:8.0';

export default async function setup() {
  if (globalThis.__WILDFRAME_TEST_MONGO__) return; // another project of this run did it
  const running = (globalThis.__WILDFRAME_TEST_MONGO__ = []);
  if (!process.env.WILDFRAME_TEST_MONGO_URL) {
    const started = Date.now();
    try {
      const { start } = await import('../infra/ferretdb.mjs');
      const ferretdb = await start({ instance: `jest-${process.pid}`, owner: process.pid });
      running.push(ferretdb);
      process.env.WILDFRAME_TEST_MONGO_URL = ferretdb.url;
      console.log(`\n[test infra] FerretDB for this run in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      const reason = String(error?.message ?? error);
      if (infraRequired()) throw new Error(`FerretDB could not start (required: CI or WILDFRAME_REQUIRE_INFRA=1):\n${reason}`);
      process.env.WILDFRAME_TEST_MONGO_UNAVAILABLE = reason.split('\n')[0];
      console.warn(`[test infra] MongoDB suites are skipped — FerretDB: ${reason}`);
    }
  }
  if (!process.env.WILDFRAME_TEST_REAL_MONGO_URL && !process.env.WILDFRAME_TEST_REAL_MONGO_UNAVAILABLE) {
    const container = await realMongo();
    if (container.url) {
      running.push(container);
      process.env.WILDFRAME_TEST_REAL_MONGO_URL = container.url;
    } else {
      process.env.WILDFRAME_TEST_REAL_MONGO_UNAVAILABLE = container.reason;
    }
  }
}

/**
 * Real MongoDB through testcontainers when a container runtime is there. Here (no runtime, and no
 * image can be pulled) it reports why not, once per run, and the suites run on FerretDB only.
 */
async function realMongo() {
  const socket = process.env.DOCKER_HOST || (existsSync('/var/run/docker.sock') ? 'unix:///var/run/docker.sock' : undefined);
  if (!socket) {
    const reason = 'no container runtime (no DOCKER_HOST, no /var/run/docker.sock): real MongoDB is not tested here, FerretDB is';
    console.log(`[test infra] ${reason}`);
    return { reason };
  }
  let testcontainers;
  try {
    const name = 'testcontainers'; // optional: install it (npm i -D testcontainers@11) where containers run
    testcontainers = await import(name);
  } catch {
    const reason = `a container runtime is at ${socket}, but the testcontainers package is not installed: real MongoDB is not tested`;
    console.log(`[test infra] ${reason}`);
    return { reason };
  }
  try {
    const container = await new testcontainers.GenericContainer(MONGO_IMAGE).withExposedPorts(27017).start();
    const url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/`;
    console.log(`[test infra] real MongoDB (${MONGO_IMAGE}) in a container at ${url}`);
    return { url, stop: () => container.stop() };
  } catch (error) {
    const reason = `real MongoDB (${MONGO_IMAGE}) could not start in a container: ${String(error?.message ?? error).split('\n')[0]}`;
    console.log(`[test infra] ${reason}`);
    return { reason };
  }
}
