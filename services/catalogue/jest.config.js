module.exports = {
  ...require('../../jest.preset.js'),
  displayName: require('./package.json').name,
  // jose ships only ES modules; Jest's CommonJS runtime needs it compiled like our sources.
  transformIgnorePatterns: ['/node_modules/(?!jose/)'],
  // Integration tests talk to Postgres and NATS on a machine shared with other runs.
  testTimeout: 30_000,
};
