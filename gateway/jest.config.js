module.exports = { ...require('../jest.preset.js'), displayName: '@planted/gateway', testTimeout: 30000 };
