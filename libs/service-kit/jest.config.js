module.exports = {
  ...require('../../jest.preset.js'),
  displayName: require('./package.json').name,
  // The integration tests start a service against real PostgreSQL and NATS.
  testTimeout: 30_000,
};
