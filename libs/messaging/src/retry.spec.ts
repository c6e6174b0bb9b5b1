import { backoffDelay, Sleeper } from './retry';

describe('backoffDelay', () => {
  it('doubles per attempt between half and all of the ceiling', () => {
    expect(backoffDelay(1, 200, 10_000, () => 0)).toBe(100);
    expect(backoffDelay(1, 200, 10_000, () => 1)).toBe(200);
    expect(backoffDelay(3, 200, 10_000, () => 1)).toBe(800);
  });

  it('never exceeds the maximum, however many attempts failed', () => {
    expect(backoffDelay(1000, 200, 5000, () => 1)).toBe(5000);
  });
});

describe('Sleeper', () => {
  it('ends a sleep early when woken', async () => {
    const sleeper = new Sleeper();
    const started = Date.now();
    const sleeping = sleeper.sleep(10_000);
    sleeper.wake();
    await sleeping;
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('remembers a wake that came before the sleep, once', async () => {
    jest.useFakeTimers();
    try {
      const sleeper = new Sleeper();
      sleeper.wake();
      await sleeper.sleep(10_000);
      let done = false;
      void sleeper.sleep(50).then(() => (done = true));
      await Promise.resolve();
      expect(done).toBe(false);
      await jest.advanceTimersByTimeAsync(50);
      expect(done).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
