module.exports = { ...require('../../jest.preset.cjs'), displayName: 'photos', rootDir: __dirname };
