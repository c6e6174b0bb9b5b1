// Shared Jest settings: SWC compiles TypeScript (with decorator metadata for NestJS),
// and workspace libraries resolve to their sources so tests never need a build first.
const path = require('node:path');

const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true, tsx: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
  moduleNameMapper: {
    '^@planted/(config|contracts|db|domain|logging|messaging|observability|service-kit|stripe-local|testing|zahara-local)$':
      path.join(__dirname, 'libs/$1/src/index.ts'),
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx', '<rootDir>/test/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // ESM-only dependencies (Node 20.19+ loads them natively; Jest needs them compiled).
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|jose|mercurius|quick-lru)/)'],
  // A database for the run when scripts/test.mjs has not made one (e.g. running one project's Jest alone).
  globalSetup: path.join(__dirname, 'libs/testing/src/jest-global-setup.ts'),
  globalTeardown: path.join(__dirname, 'libs/testing/src/jest-global-teardown.ts'),
  reporters: ['default', path.join(__dirname, 'libs/testing/src/jest-summary-reporter.js')],
};
