import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { IDEMPOTENCY, ServiceError } from '@planted/contracts';
import { preparedQuery, quoteIdentifier, runAtCommit, type Tx } from '@planted/db';
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
   * Without it the key is looked up only inside the creating transaction (one transaction
   * less per keyed request).
   */
  prepare?(): Promise<Prepared>;
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

/** The statements of one idempotent_requests table, built once (prepared per connection). */
interface KeyStatements {
  find: ReturnType<typeof findStatementOf>;
  insert: { name: string; text: string };
}

const statements = new WeakMap<IdempotentRequestsTable, KeyStatements>();

function findStatementOf(table: IdempotentRequestsTable, name: string) {
  return preparedQuery((tx: Tx) =>
    tx
      .select()
      .from(table)
      .where(
        and(
          eq(table.subject, sql.placeholder('subject')),
          eq(table.caller, sql.placeholder('caller')),
          eq(table.key, sql.placeholder('key')),
        ),
      )
      .prepare(name),
  );
}

function statementsOf(table: IdempotentRequestsTable): KeyStatements {
  let built = statements.get(table);
  if (!built) {
    const { schema, name } = getTableConfig(table);
    const qualified = schema ? `${quoteIdentifier(schema)}.${quoteIdentifier(name)}` : quoteIdentifier(name);
    const columns = [table.subject, table.caller, table.key, table.requestHash, table.result]
      .map((column) => quoteIdentifier(column.name))
      .join(', ');
    built = {
      find: findStatementOf(table, `idempotent_request_${schema ?? 'public'}`),
      insert: {
        name: `idempotent_request_insert_${schema ?? 'public'}`,
        text: `insert into ${qualified} (${columns}) values ($1, $2, $3, $4, $5)`,
      },
    };
    statements.set(table, built);
  }
  return built;
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
  const prepare = async () => (options.prepare ? options.prepare() : (undefined as Prepared));
  if (!key) {
    const prepared = await prepare();
    return options.transaction((tx) => options.create(tx, prepared));
  }
  const { table, request } = options;
  const id = { subject: request.subject.name, caller: request.caller ?? '', key };
  const hash = requestHash(request.input);
  const { find, insert } = statementsOf(table);
  const earlier = async (tx: Transaction): Promise<{ result: Result } | undefined> => {
    const [row] = await find(tx as Tx).execute(id);
    if (!row) return undefined;
    if (row.requestHash !== hash) throw new ServiceError('CONFLICT', IDEMPOTENCY.KEY_REUSED);
    return { result: await options.replay(row.result as Kept, tx) };
  };

  // With slow work to do first, a request carried out before is answered without it.
  if (options.prepare) {
    const before = await options.transaction(earlier);
    if (before) return before.result;
  }
  const prepared = await prepare();
  try {
    return await options.transaction(async (tx) => {
      const found = await earlier(tx);
      if (found) return found.result;
      const result = await options.create(tx, prepared);
      const kept = options.keep(result);
      // The key's row goes with the COMMIT (a transaction of the service's Database), else now.
      const values = [id.subject, id.caller, id.key, hash, JSON.stringify(kept)];
      if (!runAtCommit(tx as object, { ...insert, values }))
        await (tx as Tx).insert(table).values({ ...id, requestHash: hash, result: kept });
      return result;
    });
  } catch (err) {
    // A concurrent attempt with this key may have committed first (see above).
    const found = await options.transaction(earlier);
    if (found) return found.result;
    throw err;
  }
}
