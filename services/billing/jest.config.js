module.exports = {
  ...require('../../jest.preset.js'),
  displayName: require('./package.json').name,
  // Integration tests talk to Postgres, NATS and the local Stripe.
  testTimeout: 30_000,
};
