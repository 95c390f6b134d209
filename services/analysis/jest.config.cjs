module.exports = { ...require('../../jest.preset.cjs'), displayName: 'analysis', rootDir: __dirname };
