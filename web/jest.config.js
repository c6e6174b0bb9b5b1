const path = require('node:path');
const preset = require('../jest.preset.js');

module.exports = {
  ...preset,
  displayName: require('./package.json').name,
  rootDir: __dirname,
  testEnvironment: '<rootDir>/src/test/jsdom-environment.js',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  moduleNameMapper: {
    '\\.(css|less|scss)$': '<rootDir>/src/test/style-stub.ts',
    '\\.(png|jpe?g|gif|svg|webp|avif|ico)$': '<rootDir>/src/test/file-stub.ts',
    '\\?url$': '<rootDir>/src/test/file-stub.ts',
    '^@planted/contracts/messages$': path.join(__dirname, '../libs/contracts/src/messages.ts'),
    '^@planted/contracts$': path.join(__dirname, '../libs/contracts/src/index.ts'),
    '^@planted/domain$': path.join(__dirname, '../libs/domain/src/index.ts'),
    ...preset.moduleNameMapper,
  },
  // d3-geo and what it uses ship as ES modules only (the offline map's basemap).
  transform: { ...preset.transform, '^.+\\.mjs$': preset.transform['^.+\\.(t|j)sx?$'] },
  transformIgnorePatterns: ['/node_modules/(?!(d3-geo|d3-array|internmap)/)'],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
  // Typing into forms in jsdom is slow on a busy 2-core machine (CI runs other projects beside
  // it): one hires test took 35 s at load average 11.
  testTimeout: 60000,
};
