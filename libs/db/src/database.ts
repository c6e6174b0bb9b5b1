import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { drizzle, NodePgSession, NodePgTransaction, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, pgPolicy } from 'drizzle-orm/pg-core';
import {
  escapeLiteral,
  Pool,
  type PoolClient,
  type PoolConfig,
  type QueryConfig,
  type QueryResult,
} from 'pg';
import type { Logger } from '@planted/logging';
import { traceQueries, tracingEnabled } from '@planted/observability';
import { executeStatement, inlineParams, quoteIdentifier } from './inline-params';

export type Db<TSchema extends Record<string, unknown> = Record<string, unknown>> = NodePgDatabase<TSchema>;
export type Tx<TSchema extends Record<string, unknown> = Record<string, unknown>> = Parameters<
  Parameters<Db<TSchema>['transaction']>[0]
>[0];

export interface DatabaseOptions<TSchema extends Record<string, unknown>> {
  url: string;
  /** The service's Postgres schema, e.g. 'identity'. */
  schemaName: string;
  /** Role each transaction runs as, so row-level security applies even when connected as a superuser. */
  appRole: string;
  schema: TSchema;
  poolSize?: number;
  /**
   * How long a request waits for a free connection before it is refused (503). Short, so a
   * full pool sheds load instead of making every caller wait behind one greedy request.
   */
  acquireTimeoutMs?: number;
  logger?: Logger;
}

/** readAsTenant's stand-in for a connection: prefixes each statement with the current read's settings. */
interface TenantReader<TSchema extends Record<string, unknown>> {
  settings: string | undefined;
  tx: Tx<TSchema>;
  query(config: QueryConfig | string, values?: unknown[]): Promise<QueryResult>;
}

/** A statement as Drizzle hands it to node-postgres: a name makes it a prepared statement. */
interface StatementConfig {
  text: string;
  name?: string;
  rowMode?: 'array';
  types?: QueryConfig['types'];
}

/** A statement to run with the transaction's COMMIT (see runAtCommit). */
export interface DeferredStatement {
  /** Prepared once per connection (SQL PREPARE) under this name; else sent as text each time. */
  name?: string;
  /** With $1, $2 … for `values`. */
  text: string;
  values?: readonly unknown[];
}

/**
 * withTenant's and withSystem's stand-in for a connection (see transaction): holds back
 * BEGIN and the settings, and any statement given to runBeforeNextStatement, until the
 * transaction's next statement, to send them in one message with it.
 */
interface TransactionWriter {
  /** Statements not sent yet, for the message of the next statement (BEGIN and settings first). */
  pending: PendingStatement[];
  /** The transaction's settings alone (to PREPARE a statement before BEGIN was sent). */
  settings: string;
  /** BEGIN was sent: the transaction needs its COMMIT or ROLLBACK. */
  open: boolean;
  /** Statements that go with the COMMIT, in order (runAtCommit). */
  atCommit: DeferredStatement[];
  /** While a statement that carries the pending ones is being sent, others wait for it. */
  sending: Promise<void> | undefined;
  query(config: StatementConfig | string, values?: unknown[]): Promise<QueryResult>;
  commit(): Promise<void>;
}

/** A statement held back for the message of the transaction's next statement. */
interface PendingStatement {
  text: string;
  /** Receives its result once the message has run. */
  onResult?: (result: QueryResult) => void;
}

/** Sends the pending statements, then `rest`, as one message; each pending one's result to its callback. */
async function sendWith(
  client: PoolClient,
  pending: PendingStatement[],
  rest: string[],
  config: Omit<StatementConfig, 'text'> = {},
): Promise<QueryResult> {
  const texts = pending.map((statement) => statement.text).concat(rest);
  const answer = (await client.query({ ...config, text: texts.join('; ') } as QueryConfig)) as unknown as
    QueryResult | QueryResult[];
  const results = Array.isArray(answer) ? answer : [answer];
  pending.forEach((statement, i) => statement.onResult?.(results[i]));
  return results[results.length - 1];
}

/** The writer of each transaction object handed out by withTenant/withSystem. */
const writers = new WeakMap<object, TransactionWriter>();

function writerOf(tx: object, caller: string): TransactionWriter {
  const writer = writers.get(tx);
  if (!writer) throw new Error(`${caller}: not a transaction of Database.withTenant or withSystem`);
  return writer;
}

/**
 * Runs `statement` (SQL text, values written in) inside the transaction, in the same
 * message as its next statement, just before it: one round trip for both, each with a
 * snapshot of its own (a lock, then a statement that must see what the lock waited for).
 * Without a next statement it goes with the COMMIT. `onResult` receives its result (before
 * the next statement's caller gets its own).
 */
export function runBeforeNextStatement(
  tx: object,
  statement: string,
  onResult?: (result: QueryResult) => void,
): void {
  writerOf(tx, 'runBeforeNextStatement').pending.push({ text: statement, onResult });
}

/**
 * Runs a statement whose answer nobody needs (an outbox or idempotency row) with the
 * transaction's COMMIT, in the same message: no round trip of its own. Its error, if any,
 * is the transaction's (it rolls back). Answers false when `tx` is not a transaction of
 * withTenant/withSystem (the caller then runs it itself).
 */
export function runAtCommit(tx: object, statement: DeferredStatement): boolean {
  const writer = writers.get(tx);
  if (!writer) return false;
  writer.atCommit.push(statement);
  return true;
}

/** What executeAtCommit needs of a statement Drizzle prepared (node-postgres's prepared query). */
interface DrizzlePreparedStatement {
  queryString: string;
  params: unknown[];
  rawQueryConfig?: { name?: string };
  execute(values: Record<string, unknown>): Promise<unknown>;
}

/**
 * A write nobody reads back in the transaction (a read model's upsert), prepared with
 * Drizzle (`.prepare(name)`, as preparedQuery builds them), with the values of its
 * placeholders by name: in a transaction of withTenant/withSystem it goes with the COMMIT
 * (runAtCommit, encoded as its execute() would), no round trip of its own, after the
 * transaction's other deferred statements; anywhere else it is executed at once. Statements
 * that must stay in order with each other must then both go this way.
 */
export async function executeAtCommit(
  tx: object,
  prepared: unknown,
  values: Record<string, unknown>,
): Promise<void> {
  const statement = prepared as Partial<DrizzlePreparedStatement>;
  if (typeof statement.queryString !== 'string' || !Array.isArray(statement.params))
    throw new Error('executeAtCommit: not a statement prepared by Drizzle over node-postgres');
  const deferred = runAtCommit(tx, {
    name: statement.rawQueryConfig?.name,
    text: statement.queryString,
    values: fillPlaceholders(statement.params, values),
  });
  if (!deferred) await (statement as DrizzlePreparedStatement).execute(values);
}

/** What readAsTenant adds to the settings of a named statement: one plan for every value. */
const GENERIC_PLAN = `; set local plan_cache_mode = force_generic_plan`;

/** The SQL name of each named statement's text (the same on every connection). */
const statementNames = new Map<string, string>();

/**
 * A name for PREPARE, apart from those node-postgres gives its protocol-level statements
 * (they share one namespace on a connection), and within PostgreSQL's 63 bytes.
 */
function sqlStatementName(name: string, text: string): string {
  let sqlName = statementNames.get(text);
  if (sqlName === undefined) {
    sqlName = `planted_${statementNames.size + 1}_${name.replace(/[^A-Za-z0-9_]/g, '_')}`.slice(0, 63);
    statementNames.set(text, sqlName);
  }
  return sqlName;
}

interface ConnectionScope<TSchema extends Record<string, unknown>> {
  tx: Tx<TSchema>;
  writer: TransactionWriter;
  reader: TenantReader<TSchema>;
}

export class DatabaseUnavailableError extends Error {
  constructor(url: string, cause: unknown) {
    const safe = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
    super(
      `Cannot reach PostgreSQL at ${safe} (${cause instanceof Error ? cause.message : String(cause)}). ` +
        'Set DATABASE_URL, or start PostgreSQL.',
    );
    this.name = 'DatabaseUnavailableError';
  }
}

/** The advisory lock every service's migrations take in turn (see Database.migrate). */
const MIGRATION_LOCK = 'planted:migrate';

/**
 * One service's database: a pool, Drizzle over it, migrations applied under an advisory
 * lock, and transaction helpers that set the tenant for row-level security.
 */
export class Database<TSchema extends Record<string, unknown>> {
  readonly pool: Pool;
  readonly db: Db<TSchema>;
  private readonly dialect = new PgDialect();
  private readonly relational: ConstructorParameters<typeof NodePgTransaction>[2];
  private readonly scopes = new WeakMap<PoolClient, ConnectionScope<TSchema>>();

  constructor(private readonly options: DatabaseOptions<TSchema>) {
    const poolConfig: PoolConfig = {
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.acquireTimeoutMs ?? 2000,
      idleTimeoutMillis: 30_000,
    };
    this.pool = new Pool(poolConfig);
    this.pool.on('error', (err) => options.logger?.error({ err }, 'idle PostgreSQL client failed'));
    // Each statement a span of the request it serves, when tracing was started before the pool.
    if (tracingEnabled())
      this.pool.on('connect', (client) =>
        traceQueries(client as unknown as Parameters<typeof traceQueries>[0], {
          'db.namespace': options.schemaName,
        }),
      );
    this.db = drizzle(this.pool, { schema: options.schema });
    const { schema, fullSchema, tableNamesMap } = this.db._;
    this.relational = schema ? { schema, fullSchema, tableNamesMap } : undefined;
  }

  async ping(): Promise<void> {
    await this.pool.query('select 1');
  }

  /**
   * Applies the service's migrations and (re)grants its application role. Safe to run from
   * many replicas, and from several services at once (they take turns).
   */
  async migrate(migrationsFolder: string): Promise<void> {
    const { schemaName, appRole } = this.options;
    let client;
    try {
      client = await this.pool.connect();
    } catch (err) {
      throw new DatabaseUnavailableError(this.options.url, err);
    }
    try {
      // One lock for every service's migrations in this database, not one per schema: two
      // services' first migrations both create pg_trgm, and extensions (like roles) are not
      // per schema, so two at once collide (pg_extension_name_index).
      await client.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
      try {
        await client.query(`create schema if not exists "${schemaName}"`);
        await migrate(drizzle(client), {
          migrationsFolder,
          migrationsSchema: schemaName,
          migrationsTable: '__drizzle_migrations',
        });
        await ensureRole(client, appRole);
        await client.query(`grant usage on schema "${schemaName}" to "${appRole}"`);
        await client.query(
          `grant select, insert, update, delete on all tables in schema "${schemaName}" to "${appRole}"`,
        );
        await client.query(`grant usage, select on all sequences in schema "${schemaName}" to "${appRole}"`);
        await client.query(`revoke all on "${schemaName}"."__drizzle_migrations" from "${appRole}"`);
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]);
      }
    } finally {
      client.release();
    }
  }

  /** A transaction scoped to one company: row-level security only shows and accepts its rows. */
  withTenant<T>(customerId: string, fn: (tx: Tx<TSchema>) => Promise<T>): Promise<T> {
    return this.transaction(this.settings(customerId), fn);
  }

  /**
   * The settings of a tenant's statements (customerId) or of a system transaction (null):
   * the company (none), row-level security's bypass off (on), and the application role, as
   * SET LOCAL commands. They hold until the end of the transaction, explicit (withTenant,
   * withSystem) or implicit (readAsTenant's message of several statements), and answer no
   * row for the driver to describe and parse, as a select of set_config() would.
   */
  private settings(customerId: string | null): string[] {
    return [
      `set local app.customer_id = ${escapeLiteral(customerId ?? '')}`,
      `set local app.bypass_rls = ${customerId === null ? 'on' : 'off'}`,
      `set local role ${quoteIdentifier(this.options.appRole)}`,
    ];
  }

  /**
   * Reads for one company at one round trip per statement. Each statement Drizzle runs goes
   * to PostgreSQL in a single simple-protocol message behind the same settings as
   * withTenant (company, no bypass, application role) plus read-only; PostgreSQL runs such a
   * message as one implicit transaction, so the settings hold for that statement and are
   * gone after it. withTenant costs three round trips for a lone query (BEGIN with the
   * settings, the query, COMMIT); this costs one.
   *
   * Parameters are written into the statement as quoted literals (see inlineParams).
   * PostgreSQL refuses any write. Statements do not share a snapshot: use withTenant when
   * several reads must agree with each other, or for any write.
   *
   * A statement with a name (Drizzle's `.prepare(name)`, see preparedQuery and preparedSql)
   * is parsed, analysed and planned once per connection: the first time, SQL's PREPARE
   * (behind the same settings, in a message of its own); from then on the message is the
   * settings and `EXECUTE name('value', …)`, with `plan_cache_mode = force_generic_plan`
   * for that statement, so PostgreSQL reuses one plan for every value instead of planning
   * each call afresh (row-level security still follows each call's settings: its policies
   * read them when the plan runs). Name only statements whose best plan does not depend on
   * their values; an unnamed one is planned for its values every time.
   */
  async readAsTenant<T>(customerId: string, fn: (tx: Tx<TSchema>) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const reader = this.scopeOf(client).reader;
    reader.settings = [...this.settings(customerId), 'set local transaction_read_only = on'].join('; ');
    try {
      return await fn(reader.tx);
    } finally {
      reader.settings = undefined;
      // A connection that failed is no longer queryable, and the pool drops it on release.
      client.release();
    }
  }

  /**
   * A transaction across companies, for the few operations that happen before a tenant
   * is known (login by email, registration, accepting an invitation by token).
   */
  withSystem<T>(fn: (tx: Tx<TSchema>) => Promise<T>): Promise<T> {
    return this.transaction(this.settings(null), fn);
  }

  /**
   * What Drizzle's db.transaction does (BEGIN, the work, COMMIT, ROLLBACK on failure, on one
   * pooled connection), in fewer round trips. BEGIN and the settings go in one
   * simple-protocol message (hence literals, quoted by the driver, not parameters), and not
   * on their own when the transaction's first statement is a named (prepared) one: then
   * they go in the message of that statement, as `begin; <settings>; execute name('v', …)`
   * (the statement prepared once per connection with SQL's PREPARE, as in readAsTenant).
   * Statements given to runAtCommit go in the COMMIT's message. A transaction that sent
   * nothing sends no BEGIN and no COMMIT.
   */
  private async transaction<T>(settings: string[], fn: (tx: Tx<TSchema>) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    const { tx, writer } = this.scopeOf(client);
    // One pending entry per statement: sendWith hands each its own result.
    writer.pending = [{ text: 'begin' }, ...settings.map((text) => ({ text }))];
    writer.settings = settings.join('; ');
    writer.open = false;
    writer.atCommit = [];
    try {
      const result = await fn(tx);
      await writer.commit();
      return result;
    } catch (err) {
      if (writer.open)
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError; // the connection is unusable: the pool drops it
        });
      throw err;
    } finally {
      writer.pending = [];
      writer.atCommit = [];
      writer.open = false;
      client.release(broken);
    }
  }

  /**
   * The Drizzle objects of one pooled connection, made once and kept as long as the
   * connection: a transaction object for withTenant/withSystem and one for readAsTenant.
   * Being the same object on every use, they can key per-connection caches such as
   * preparedQuery's.
   */
  private scopeOf(client: PoolClient): ConnectionScope<TSchema> {
    let scope = this.scopes.get(client);
    if (!scope) {
      /** The statements prepared (SQL PREPARE) on this connection, by text: done, or under way. */
      const prepared = new Map<string, Promise<void>>();
      /** PREPAREs `text` once on the connection; `settings` go first (role, tenant) when no transaction is open. */
      const prepare = (sqlName: string, text: string, settings: string | undefined): Promise<void> => {
        let preparing = prepared.get(text);
        if (!preparing) {
          const statement = `prepare ${quoteIdentifier(sqlName)} as ${text}`;
          preparing = client.query(settings ? `${settings}; ${statement}` : statement).then(() => undefined);
          prepared.set(text, preparing);
          // A PREPARE that failed left nothing behind: the next call tries again.
          preparing.catch(() => prepared.delete(text));
        }
        return preparing;
      };
      const reader: TenantReader<TSchema> = {
        settings: undefined,
        tx: undefined as unknown as Tx<TSchema>,
        async query(config: StatementConfig | string, values?: unknown[]) {
          const { settings } = reader;
          if (settings === undefined) throw new Error('readAsTenant: query after the read ended');
          const { text, rowMode, types, name } = typeof config === 'string' ? { text: config } : config;
          const send = (message: string) =>
            client.query({ text: message, rowMode, types } as QueryConfig) as unknown as Promise<
              QueryResult | QueryResult[]
            >;
          if (!name) return lastResult(await send(`${settings}; ${inlineParams(text, values)}`));
          const sqlName = sqlStatementName(name, text);
          await prepare(sqlName, text, settings);
          if (reader.settings !== settings) throw new Error('readAsTenant: query after the read ended');
          return lastResult(await send(`${settings}${GENERIC_PLAN}; ${executeStatement(sqlName, values)}`));
        },
      };
      const writer: TransactionWriter = {
        pending: [],
        settings: '',
        open: false,
        atCommit: [],
        sending: undefined,
        async query(config: StatementConfig | string, values?: unknown[]) {
          while (writer.sending) await writer.sending;
          if (writer.pending.length === 0) return client.query(config as QueryConfig, values);
          let sent!: () => void;
          writer.sending = new Promise((resolve) => (sent = resolve));
          try {
            const { text, rowMode, types, name } = typeof config === 'string' ? { text: config } : config;
            if (!name) {
              // Not prepared: the pending statements on their own, then the statement as usual.
              const ahead = writer.pending;
              writer.pending = [];
              writer.open = true;
              await sendWith(client, ahead, []);
              return await client.query(config as QueryConfig, values);
            }
            const sqlName = sqlStatementName(name, text);
            await prepare(sqlName, text, writer.open ? undefined : writer.settings);
            const ahead = writer.pending;
            writer.pending = [];
            writer.open = true;
            const answer = sendWith(client, ahead, [executeStatement(sqlName, values)], { rowMode, types });
            sent();
            return await answer;
          } finally {
            writer.sending = undefined;
            sent();
          }
        },
        async commit() {
          while (writer.sending) await writer.sending;
          const { atCommit } = writer;
          if (!writer.open && atCommit.length === 0) return; // nothing was sent: no transaction
          const ahead = writer.pending;
          const parts: string[] = [];
          for (const statement of atCommit) {
            if (!statement.name) {
              parts.push(inlineParams(statement.text, statement.values));
              continue;
            }
            const sqlName = sqlStatementName(statement.name, statement.text);
            await prepare(sqlName, statement.text, writer.open ? undefined : writer.settings);
            parts.push(executeStatement(sqlName, statement.values));
          }
          parts.push('commit');
          writer.pending = [];
          writer.atCommit = [];
          writer.open = true;
          await sendWith(client, ahead, parts);
        },
      };
      reader.tx = this.transactionOver(reader as unknown as PoolClient);
      scope = { tx: this.transactionOver(writer as unknown as PoolClient), writer, reader };
      writers.set(scope.tx, writer);
      this.scopes.set(client, scope);
    }
    return scope;
  }

  /** Drizzle's transaction object over one connection (or anything answering query() like one). */
  private transactionOver(client: PoolClient): Tx<TSchema> {
    const session = new NodePgSession(client, this.dialect, this.relational);
    return new NodePgTransaction(this.dialect, session, this.relational) as unknown as Tx<TSchema>;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** The result of a simple-protocol message's last statement (those before it are the settings). */
function lastResult(results: QueryResult | QueryResult[]): QueryResult {
  return Array.isArray(results) ? results[results.length - 1] : results;
}

async function ensureRole(client: { query: (q: string) => Promise<unknown> }, role: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(role)) throw new Error(`Invalid role name ${role}`);
  try {
    await client.query(
      `do $$ begin if not exists (select from pg_roles where rolname = '${role}') then create role "${role}" nologin; end if; end $$`,
    );
  } catch (err) {
    // Two processes creating the role at the same moment: the loser sees a duplicate.
    const code = (err as { code?: string }).code;
    if (code !== '42710' && code !== '23505') throw err;
  }
}

/**
 * The row-level security policy for a table holding company data: rows of the company
 * set by withTenant, or every row inside withSystem.
 */
export function tenantPolicy(name: string, column = 'customer_id') {
  const condition = sql.raw(
    `current_setting('app.bypass_rls', true) = 'on' or "${column}" = nullif(current_setting('app.customer_id', true), '')::uuid`,
  );
  return pgPolicy(name, {
    as: 'permissive',
    for: 'all',
    to: 'public',
    using: condition,
    withCheck: condition,
  });
}

/** What preparedSql runs on: the transaction object of withTenant, withSystem or readAsTenant. */
type AnyTx = Pick<Tx<Record<string, unknown>>, '_'>;

const sqlDialect = new PgDialect();

/**
 * A statement written as Drizzle's `sql` template (CTEs, lateral joins: what the query
 * builder does not say) turned into SQL text once, not on every call. Its changing values are
 * `sql.placeholder('name')`s, given by name on each call; it answers the rows.
 *
 * With a name it is a prepared statement: parsed once per connection, and inside
 * readAsTenant planned once for every value (see there). Without one (`undefined`) it is
 * only built once, and PostgreSQL plans it for each call's values (for a statement whose
 * best plan depends on them).
 *
 *   const byName = preparedSql<{ id: string }>('things_by_name',
 *     sql`select t.id from things t where t.name = ${sql.placeholder('name')}`);
 *   const rows = await byName(tx, { name });
 */
export function preparedSql<TRow>(
  name: string | undefined,
  query: SQL,
): (tx: AnyTx, values?: Record<string, unknown>) => Promise<TRow[]> {
  let built: ReturnType<PgDialect['sqlToQuery']> | undefined;
  const perConnection = preparedQuery((tx: AnyTx) => {
    built ??= sqlDialect.sqlToQuery(query);
    return tx._.session.prepareQuery<{ execute: QueryResult; all: unknown; values: unknown }>(
      built,
      undefined,
      name,
      false,
    );
  });
  return async (tx, values = {}) => (await perConnection(tx).execute(values)).rows as TRow[];
}

/**
 * A query built once per pooled connection, then only executed: Drizzle's query building
 * is skipped on every later call. `build` receives the transaction object of withTenant,
 * withSystem or readAsTenant and returns `.prepare('name')` of a query whose changing
 * values are `sql.placeholder(...)`s. Inside withTenant/withSystem the name also makes it
 * a server-side prepared statement, parsed once per connection; inside readAsTenant
 * too (SQL's PREPARE), planned once for every value.
 *
 *   const byId = preparedQuery((tx: Tx) => tx.select().from(users)
 *     .where(eq(users.id, sql.placeholder('id'))).prepare('users_by_id'));
 *   const rows = await byId(tx).execute({ id });
 */
export function preparedQuery<TTx extends object, TPrepared>(
  build: (tx: TTx) => TPrepared,
): (tx: TTx) => TPrepared {
  const perConnection = new WeakMap<TTx, TPrepared>();
  return (tx) => {
    let prepared = perConnection.get(tx);
    if (prepared === undefined) {
      prepared = build(tx);
      perConnection.set(tx, prepared);
    }
    return prepared;
  };
}
