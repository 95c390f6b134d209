module.exports = { ...require('../../jest.preset.cjs'), displayName: 'contact', rootDir: __dirname };
