const path = require('node:path');
const root = path.join(__dirname, '../..');

// The platform also tests its Kafka event bus and S3 storage against real servers, which the
// infra global setup starts for the run (tools/infra; see tools/jest/infra.global-setup.mjs).
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'platform',
  rootDir: __dirname,
  globalSetup: path.join(root, 'tools/jest/infra.global-setup.mjs'),
  globalTeardown: path.join(root, 'tools/jest/infra.global-teardown.mjs'),
};
