module.exports = {
  ...require('../../jest.preset.js'),
  displayName: require('./package.json').name,
  // jose ships only ES modules; Jest's CommonJS runtime needs it compiled like our sources.
  transformIgnorePatterns: ['/node_modules/(?!jose/)'],
  // Integration tests hash passwords with production argon2 parameters and talk to Postgres and NATS.
  testTimeout: 30_000,
};
