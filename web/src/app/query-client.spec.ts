import { QueryObserver } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { createQueryClient, RELOAD_AFTER_FAILURE_MS } from './query-client';

// Audit AV-5: a list whose load failed while its service restarted stayed on 'Failed to load'
// until the user pressed Try Again.
describe('the app query client', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  async function watch(answers: (() => unknown)[]) {
    const client = createQueryClient();
    let call = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['probe'],
      queryFn: async () => answers[Math.min(call++, answers.length - 1)](),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    // The first load and its one retry (a second apart).
    await jest.advanceTimersByTimeAsync(5_000);
    return { observer, calls: () => call, done: () => (unsubscribe(), client.clear()) };
  }

  it('loads again by itself after a passing failure, and stops once loaded', async () => {
    const unavailable = () => {
      throw new ApiError(503, 'Service temporarily unavailable. Please try again shortly.');
    };
    // No answer at all (status 0, as the client words it) is as passing as a 503.
    const unanswered = () => {
      throw new ApiError(0, 'no answer');
    };
    const { observer, calls, done } = await watch([unavailable, unanswered, () => ['back']]);
    expect(observer.getCurrentResult().status).toBe('error');
    await jest.advanceTimersByTimeAsync(RELOAD_AFTER_FAILURE_MS);
    expect(observer.getCurrentResult().data).toEqual(['back']);
    const loaded = calls();
    await jest.advanceTimersByTimeAsync(RELOAD_AFTER_FAILURE_MS * 3);
    expect(calls()).toBe(loaded);
    done();
  });

  it('does not ask again after an answer such as 404 or 403', async () => {
    const { observer, calls, done } = await watch([
      () => {
        throw new ApiError(404, 'Not found');
      },
    ]);
    expect(observer.getCurrentResult().status).toBe('error');
    await jest.advanceTimersByTimeAsync(RELOAD_AFTER_FAILURE_MS * 3);
    expect(calls()).toBe(1);
    done();
  });
});
