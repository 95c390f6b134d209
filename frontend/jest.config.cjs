// Unit tests for the frontend's pure helpers (transport errors, retry policy). Browser behaviour
// is covered by the Playwright suite in e2e/, so a node environment is enough here.
const path = require('node:path');

module.exports = {
  displayName: 'frontend',
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.spec.json') }],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
