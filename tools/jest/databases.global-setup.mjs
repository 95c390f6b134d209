// The databases of every jest run: one PostgreSQL (postgres.global-setup.mjs) and the MongoDB-wire
// servers (mongo.global-setup.mjs), so each repository contract suite runs on both backends
// (describeEachBackend in @wildframe/platform/testing).
import mongoSetup from './mongo.global-setup.mjs';
import postgresSetup from './postgres.global-setup.mjs';

export default async function setup() {
  await Promise.all([postgresSetup(), mongoSetup()]);
}
