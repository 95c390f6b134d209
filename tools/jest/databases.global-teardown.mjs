import mongoTeardown from './mongo.global-teardown.mjs';
import postgresTeardown from './postgres.global-teardown.mjs';

export default async function teardown() {
  await Promise.allSettled([mongoTeardown(), postgresTeardown()]);
}
