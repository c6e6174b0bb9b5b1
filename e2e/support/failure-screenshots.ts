import { failureScreenshots } from './browser';

// After a failed test, every browser still open shows what went wrong: e2e/screenshots/FAILED-*.png.
afterEach(async () => {
  if ((globalThis as { __e2eFailed?: boolean }).__e2eFailed) {
    await failureScreenshots(expect.getState().currentTestName ?? 'unknown');
  }
});
