// Shared jest settings for every Node project (services, platform, contracts).
const path = require('node:path');
const { pathsToModuleNameMapper } = require('ts-jest');
const root = __dirname;
const { compilerOptions } = require('./tsconfig.base.json');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(root, 'tsconfig.spec.json') }],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper: pathsToModuleNameMapper(compilerOptions.paths, { prefix: root + '/' }),
  testMatch: ['**/?(*.)+(spec|test).ts'],
  // Integration tests hash passwords (argon2) and process real images on two shared cores.
  testTimeout: 30_000,
  // One real PostgreSQL and one FerretDB (MongoDB wire) per jest run; test files create their own
  // databases in them (describeEachBackend in @wildframe/platform/testing).
  globalSetup: path.join(root, 'tools/jest/databases.global-setup.mjs'),
  globalTeardown: path.join(root, 'tools/jest/databases.global-teardown.mjs'),
};
