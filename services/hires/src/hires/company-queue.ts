/**
 * Runs the plan-limited writes of one company one after another in this process, before
 * they take a database connection. The company's advisory lock (HireLimits) is what makes
 * the limit hold, across replicas too; but every request waiting for that lock holds a
 * pooled connection while it waits, so a burst of one company's creations could take the
 * whole pool from everyone else. Queued here, a burst waits in memory and holds one
 * connection at a time; other companies' writes run beside it.
 */
export class CompanyQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(customerId: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(customerId) ?? Promise.resolve();
    const mine = before.then(work, work);
    const tail = mine.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(customerId, tail);
    // The last in the queue removes it, so the map holds only companies with work under way.
    void tail.then(() => {
      if (this.tails.get(customerId) === tail) this.tails.delete(customerId);
    });
    return mine;
  }

  /** Companies with work queued or under way (for tests). */
  get size(): number {
    return this.tails.size;
  }
}
