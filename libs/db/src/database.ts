import { sql, type SQL } from 'drizzle-orm';
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
  /** The statements prepared (SQL PREPARE) on this connection, by text: done, or under way. */
  prepared: Map<string, Promise<void>>;
  query(config: QueryConfig | string, values?: unknown[]): Promise<QueryResult>;
}

/** What readAsTenant adds to the settings of a named statement: one plan for every value. */
const GENERIC_PLAN = `, set_config('plan_cache_mode', 'force_generic_plan', true)`;

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
    return this.transaction(this.tenantSettings(customerId), fn);
  }

  /** Tenant, no bypass, and SET LOCAL ROLE (set_config('role') is its function form), as one select. */
  private tenantSettings(customerId: string): string {
    return (
      `select set_config('app.customer_id', ${escapeLiteral(customerId)}, true), ` +
      `set_config('app.bypass_rls', 'off', true), set_config('role', ${escapeLiteral(this.options.appRole)}, true)`
    );
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
    reader.settings = `${this.tenantSettings(customerId)}, set_config('transaction_read_only', 'on', true)`;
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
    return this.transaction(
      `select set_config('app.bypass_rls', 'on', true), set_config('app.customer_id', '', true), ` +
        `set_config('role', ${escapeLiteral(this.options.appRole)}, true)`,
      fn,
    );
  }

  /**
   * What Drizzle's db.transaction does (BEGIN, the work, COMMIT, ROLLBACK on failure, on one
   * pooled connection), except that BEGIN and the settings go in one round trip: a
   * simple-protocol query of two statements (hence literals, quoted by the driver, not
   * parameters). Saves one round trip per transaction.
   */
  private async transaction<T>(settings: string, fn: (tx: Tx<TSchema>) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query(`begin; ${settings}`);
      const result = await fn(this.scopeOf(client).tx);
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch((rollbackError: Error) => {
        broken = rollbackError; // the connection is unusable: the pool drops it
      });
      throw err;
    } finally {
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
      const reader: TenantReader<TSchema> = {
        settings: undefined,
        tx: undefined as unknown as Tx<TSchema>,
        prepared: new Map(),
        async query(config: (QueryConfig & { rowMode?: 'array' }) | string, values?: unknown[]) {
          const { settings } = reader;
          if (settings === undefined) throw new Error('readAsTenant: query after the read ended');
          const { text, rowMode, types, name } = typeof config === 'string' ? { text: config } : config;
          const send = (message: string) =>
            client.query({ text: message, rowMode, types } as QueryConfig) as unknown as Promise<
              QueryResult | QueryResult[]
            >;
          if (!name) return lastResult(await send(`${settings}; ${inlineParams(text, values)}`));
          const sqlName = sqlStatementName(name, text);
          let preparing = reader.prepared.get(text);
          if (!preparing) {
            preparing = send(`${settings}; prepare ${quoteIdentifier(sqlName)} as ${text}`).then(
              () => undefined,
            );
            reader.prepared.set(text, preparing);
            // A PREPARE that failed left nothing behind: the next call tries again.
            preparing.catch(() => reader.prepared.delete(text));
          }
          await preparing;
          if (reader.settings !== settings) throw new Error('readAsTenant: query after the read ended');
          return lastResult(await send(`${settings}${GENERIC_PLAN}; ${executeStatement(sqlName, values)}`));
        },
      };
      reader.tx = this.transactionOver(reader as unknown as PoolClient);
      scope = { tx: this.transactionOver(client), reader };
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
