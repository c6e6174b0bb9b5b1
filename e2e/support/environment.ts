import type { Circus } from '@jest/types';
import NodeEnvironment from 'jest-environment-node';

/**
 * Node environment that tells the test file whether the running test has failed, so that
 * support/failure-screenshots.ts can save what each open browser shows at that moment.
 */
export default class E2eEnvironment extends NodeEnvironment {
  handleTestEvent(event: Circus.Event): void {
    if (event.name === 'test_start') this.global.__e2eFailed = false;
    if (event.name === 'test_fn_failure' || event.name === 'hook_failure') this.global.__e2eFailed = true;
  }
}
