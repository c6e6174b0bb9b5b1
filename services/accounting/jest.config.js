module.exports = {
  ...require('../../jest.preset.js'),
  displayName: require('./package.json').name,
  // Integration tests talk to Postgres, NATS and the Zahara simulator, some through its slow answers.
  testTimeout: 60_000,
};
