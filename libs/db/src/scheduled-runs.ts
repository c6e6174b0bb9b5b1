import { sql } from 'drizzle-orm';
import { text, timestamp, type PgDatabase, type PgQueryResultHKT, type PgSchema } from 'drizzle-orm/pg-core';

/**
 * When each of a service's scheduled jobs may run next, shared by every replica. Put the
 * result in the service's Drizzle schema file so drizzle-kit migrates it.
 */
export function scheduledRunsTable(schema: PgSchema) {
  return schema.table('scheduled_runs', {
    job: text('job').primaryKey(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'string' }).notNull(),
  });
}

export type ScheduledRunsTable = ReturnType<typeof scheduledRunsTable>;

/**
 * Takes this tick of `job` for the caller when it is due, and answers whether it got it:
 * of replicas whose timers fire every `intervalMs`, one runs the job per interval, however
 * their timers are offset. The claim is one statement: replicas racing for the same tick
 * queue on the job's row, and all but the first find it no longer due. The next run is due
 * a tenth of an interval early, so the claiming replica's own next tick (a little under an
 * interval later, by the time the claim ran) still finds it due.
 */
export async function claimScheduledRun(
  tx: Pick<PgDatabase<PgQueryResultHKT>, 'execute'>,
  table: ScheduledRunsTable,
  job: string,
  intervalMs: number,
): Promise<boolean> {
  const next = sql`now() + ${`${Math.round(intervalMs * 0.9)} milliseconds`}::interval`;
  const result = await tx.execute(
    sql`insert into ${table} (job, next_run_at) values (${job}, ${next})
        on conflict (job) do update set next_run_at = excluded.next_run_at
        where ${table.nextRunAt} <= now()
        returning job`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length === 1;
}
