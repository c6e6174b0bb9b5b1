// Appends each Jest run's totals to a file the test runner (scripts/test.mjs) adds up,
// so one closing line can say how many tests passed and failed across every project.
const { appendFileSync } = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const dir = process.env.PLANTED_TEST_RESULTS_DIR;
    if (!dir) return;
    const line = JSON.stringify({
      cwd: process.cwd(),
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
    });
    appendFileSync(path.join(dir, 'jest-results.jsonl'), line + '\n');
  }
}

module.exports = SummaryReporter;
