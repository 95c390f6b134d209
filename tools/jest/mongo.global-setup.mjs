// The MongoDB-wire servers of a jest run, named to the tests through the environment:
//   WILDFRAME_TEST_MONGO_URL       FerretDB 1.24 (tools/infra/ferretdb.mjs, built once and cached;
//                                  starts in well under a second), the MongoDB backend of
//                                  describeEachBackend() in @wildframe/platform/testing;
//   WILDFRAME_TEST_REAL_MONGO_URL  real MongoDB in a container (testcontainers, image
//                                  WILDFRAME_TEST_MONGO_IMAGE, default mongo:8.0) wherever a
//                                  container runtime can run it: the same suites then run on it too.
// Given already (e.g. a CI service), they are used as they are. FerretDB that cannot start fails the
// run under CI=true or WILDFRAME_REQUIRE_INFRA=1; elsewhere the MongoDB suites are skipped with the
// reason (WILDFRAME_TEST_MONGO_UNAVAILABLE). No real MongoDB (no runtime, or no image) is only
// reported, in one printed line.
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
 * Real MongoDB through testcontainers (a dev dependency): started when testcontainers finds a
 * working container runtime (its own detection: TESTCONTAINERS_HOST_OVERRIDE, DOCKER_HOST,
 * ~/.testcontainers.properties, the Docker socket, a rootless one) and it can pull or already has
 * the image. Otherwise it says plainly, in one line, that the MongoDB suites run on the
 * MongoDB-wire server (FerretDB) only, and why; no suite fails for it (CI here has no runtime).
 */
async function realMongo() {
  const fallback = (why) => {
    const reason = `real MongoDB (${MONGO_IMAGE}) is not tested: ${why}; the MongoDB suites run on FerretDB (MongoDB wire) only`;
    console.log(`[test infra] ${reason}`);
    return { reason };
  };
  const { GenericContainer, getContainerRuntimeClient } = await import('testcontainers');
  let runtime;
  try {
    runtime = await getContainerRuntimeClient();
  } catch (error) {
    return fallback(`testcontainers found no container runtime (${firstLine(error)})`);
  }
  const where = `${runtime.info.containerRuntime.host} (${runtime.info.containerRuntime.operatingSystem}, socket ${runtime.info.containerRuntime.remoteSocketPath})`;
  const started = Date.now();
  try {
    const container = await new GenericContainer(MONGO_IMAGE).withExposedPorts(27017).withStartupTimeout(120_000).start();
    const url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/`;
    console.log(`[test infra] real MongoDB (${MONGO_IMAGE}) in a container at ${url}, started in ${((Date.now() - started) / 1000).toFixed(1)} s: the MongoDB suites run on it and on FerretDB`);
    return { url, stop: () => container.stop() };
  } catch (error) {
    return fallback(`a container runtime is at ${where}, but ${MONGO_IMAGE} could not start there (${firstLine(error)})`);
  }
}

function firstLine(error) {
  return String(error?.message ?? error).split('\n')[0];
}
