const preset = require('../jest.preset.js');

// Browser tests against the whole system, started once per run by the global setup (which also
// runs the preset's setup, creating the run's database when scripts/test.mjs has not).
module.exports = {
  ...preset,
  displayName: require('./package.json').name,
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.e2e.spec.ts'],
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  testEnvironment: '<rootDir>/support/environment.ts',
  setupFilesAfterEnv: ['<rootDir>/support/failure-screenshots.ts'],
  // One browser at a time: the machine has two cores, and the system under test needs one.
  maxWorkers: 1,
  testTimeout: 120000,
  slowTestThreshold: 30,
};
