// Every jest project of the workspace, run together by `npm test` (see tools/test.mjs).
// One project alone: `npx nx test <project>` or `npx jest -c services/<name>/jest.config.cjs`.
module.exports = {
  // A global option: in a multi-project run the projects' own testTimeout is not applied.
  testTimeout: 30_000,
  projects: ['<rootDir>/proto', '<rootDir>/services/*/jest.config.cjs', '<rootDir>/frontend/jest.config.cjs'],
};
