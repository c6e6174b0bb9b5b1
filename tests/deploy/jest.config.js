const path = require('node:path');
const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  displayName: '@planted/deploy-tests',
  testTimeout: 120000,
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '^@planted/identity/(.*)$': path.join(__dirname, '../../services/identity/$1'),
    '^@planted/catalogue/(.*)$': path.join(__dirname, '../../services/catalogue/$1'),
    '^@planted/hires/(.*)$': path.join(__dirname, '../../services/hires/$1'),
    '^@planted/billing/(.*)$': path.join(__dirname, '../../services/billing/$1'),
    '^@planted/accounting/(.*)$': path.join(__dirname, '../../services/accounting/$1'),
    '^@planted/gateway/(.*)$': path.join(__dirname, '../../gateway/$1'),
  },
};
