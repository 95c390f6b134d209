module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'analysis',
  rootDir: __dirname,
  // The host realm's typed arrays, for onnxruntime-node (see the file).
  testEnvironment: require('node:path').join(__dirname, 'jest.environment.cjs'),
};
