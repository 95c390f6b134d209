module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'photos',
  rootDir: __dirname,
  // Each test file's own temporary folder (see the file).
  testEnvironment: require('node:path').join(__dirname, 'jest.environment.cjs'),
};
