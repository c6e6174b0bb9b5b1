import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { IDEMPOTENCY, ServiceError } from '@planted/contracts';
import type { Tx } from '@planted/db';
import { currentIdempotencyKey, type IdempotentRequestsTable } from '@planted/messaging';

/** Which request this is: its subject, its caller and its input. */
export interface IdempotentRequest {
  subject: { name: string };
  /** The actor's user id when the subject has one. */
  caller?: string;
  /**
   * What makes two requests the same (kept as a sha-256). Leave secrets out: a fast hash
   * of a password beside the user's row would be a shortcut past its argon2 hash.
   */
  input: unknown;
}

/** How a creating handler runs once per Idempotency-Key. */
export interface OnceOptions<Transaction, Prepared, Result, Kept> {
  /** Runs the service's transaction (withSystem, withTenant). */
  transaction: <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>;
  table: IdempotentRequestsTable;
  request: IdempotentRequest;
  /**
   * Checks and slow work outside the transaction (hashing a password). Skipped when the
   * request was carried out before: its checks may no longer pass (a used invitation).
   */
  prepare(): Promise<Prepared>;
  /** The creation itself, inside the transaction. */
  create(tx: Transaction, prepared: Prepared): Promise<Result>;
  /** What to keep of the result (JSON): ids are enough when `replay` reloads them. */
  keep(result: Result): Kept;
  /** The result of a request carried out before, from what was kept, inside a transaction. */
  replay(kept: Kept, tx: Transaction): Promise<Result>;
}

function requestHash(input: unknown): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

/**
 * Carries out a creating request once per Idempotency-Key (design.md, Contracts). The
 * gateway may give up waiting for a reply and answer "outcome unknown" while the service
 * goes on and commits; the client's retry with the same key then reaches this again, and
 * must answer the first result instead of creating twice or failing with "already exists".
 *
 * The key is recorded in the transaction of the creation, so both happen or neither does.
 * A retry racing the first attempt collides on a unique index (the key's, or the domain's
 * own such as the email) and waits for the first to commit; on that error the key is looked
 * up again and the first result is answered. The same key with other input is a CONFLICT.
 * Without a key (internal callers) it prepares and creates as usual.
 *
 *   return once({
 *     transaction: (work) => this.database.withTenant(actor.customerId, work),
 *     table: idempotentRequests,
 *     request: { subject: ThingCreate, caller: actor.userId, input },
 *     prepare: async () => undefined,
 *     create: (tx) => this.things.insert(tx, input),
 *     keep: (thing) => ({ id: thing.id }),
 *     replay: ({ id }, tx) => this.things.get(tx, id),
 *   });
 */
export async function once<Transaction, Prepared, Result, Kept>(
  options: OnceOptions<Transaction, Prepared, Result, Kept>,
): Promise<Result> {
  const key = currentIdempotencyKey();
  if (!key) {
    const prepared = await options.prepare();
    return options.transaction((tx) => options.create(tx, prepared));
  }
  const { table, request } = options;
  const id = { subject: request.subject.name, caller: request.caller ?? '', key };
  const hash = requestHash(request.input);
  const where = and(eq(table.subject, id.subject), eq(table.caller, id.caller), eq(table.key, id.key));
  const earlier = async (tx: Transaction): Promise<{ result: Result } | undefined> => {
    const [row] = await (tx as Tx).select().from(table).where(where);
    if (!row) return undefined;
    if (row.requestHash !== hash) throw new ServiceError('CONFLICT', IDEMPOTENCY.KEY_REUSED);
    return { result: await options.replay(row.result as Kept, tx) };
  };

  const before = await options.transaction(earlier);
  if (before) return before.result;
  const prepared = await options.prepare();
  try {
    return await options.transaction(async (tx) => {
      const found = await earlier(tx);
      if (found) return found.result;
      const result = await options.create(tx, prepared);
      await (tx as Tx).insert(table).values({ ...id, requestHash: hash, result: options.keep(result) });
      return result;
    });
  } catch (err) {
    // A concurrent attempt with this key may have committed first (see above).
    const found = await options.transaction(earlier);
    if (found) return found.result;
    throw err;
  }
}
