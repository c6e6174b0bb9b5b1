// Appends each Jest run's totals to a file the test runner (scripts/test.mjs) adds up,
// so one closing line can say how many tests passed and failed across every project, and
// the end of a long run names what failed (a CI log is often read only from its tail).
const { appendFileSync } = require('node:fs');
const path = require('node:path');

const MESSAGE_LINES = 12;

// The first lines of a failure's message, without colours or the test runner's own frames.
function firstLines(text) {
  return (
    String(text ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .filter((line) => !/^\s+at .*(node_modules|node:internal|<anonymous>)/.test(line))
      .slice(0, MESSAGE_LINES)
      .join('\n')
  );
}

function failuresOf(results) {
  const failures = [];
  for (const file of results.testResults) {
    const where = path.relative(process.cwd(), file.testFilePath);
    if (file.testExecError) {
      failures.push({
        file: where,
        test: '(the file did not run)',
        message: firstLines(file.testExecError.message),
      });
    }
    for (const test of file.testResults) {
      if (test.status !== 'failed') continue;
      failures.push({ file: where, test: test.fullName, message: firstLines(test.failureMessages[0]) });
    }
  }
  return failures;
}

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const dir = process.env.PLANTED_TEST_RESULTS_DIR;
    if (!dir) return;
    const line = JSON.stringify({
      cwd: process.cwd(),
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
      failures: failuresOf(results),
    });
    appendFileSync(path.join(dir, 'jest-results.jsonl'), line + '\n');
  }
}

module.exports = SummaryReporter;
