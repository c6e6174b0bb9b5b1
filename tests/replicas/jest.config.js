const preset = require('../../jest.preset.js');

// Starts a dozen processes: one file, one worker, and time for them to start.
module.exports = {
  ...preset,
  displayName: require('./package.json').name,
  rootDir: __dirname,
  maxWorkers: 1,
  testTimeout: 180000,
};
