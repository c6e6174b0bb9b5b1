/**
 * Values by key, least recently used dropped first once their weights add up to more than
 * the capacity (the most recent one is always kept).
 */
export class WeightedLru<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private total = 0;

  constructor(private readonly capacity: number) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, weight: number): void {
    this.forget(key);
    this.entries.set(key, { value, weight });
    this.total += weight;
    while (this.total > this.capacity && this.entries.size > 1)
      this.forget(this.entries.keys().next().value!);
  }

  forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.weight;
  }

  /** Values kept. */
  get size(): number {
    return this.entries.size;
  }

  /** Their weights added up. */
  get weight(): number {
    return this.total;
  }
}
