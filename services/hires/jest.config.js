module.exports = {
  ...require('../../jest.preset.js'),
  displayName: require('./package.json').name,
  // Integration tests talk to Postgres and NATS; the first offline geocode reads the place data set.
  testTimeout: 30_000,
};
