import { CompanyQueue } from './company-queue';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('CompanyQueue', () => {
  it("runs one company's work one at a time, in arrival order", async () => {
    const queue = new CompanyQueue();
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        queue.run('a', async () => {
          running += 1;
          most = Math.max(most, running);
          await tick();
          order.push(i);
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('runs different companies side by side', async () => {
    const queue = new CompanyQueue();
    let running = 0;
    let most = 0;
    await Promise.all(
      ['a', 'b', 'c'].map((company) =>
        queue.run(company, async () => {
          running += 1;
          most = Math.max(most, running);
          await tick();
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(3);
  });

  it('goes on after a failure, passes each result and error to its caller, and forgets idle companies', async () => {
    const queue = new CompanyQueue();
    const failed = queue.run('a', () => Promise.reject(new Error('refused')));
    const next = queue.run('a', async () => 42);
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe(42);
    await tick();
    expect(queue.size).toBe(0);
  });
});
