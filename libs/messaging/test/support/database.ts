import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import type { Pool } from 'pg';

/**
 * Creates a Postgres schema and its tables exactly as drizzle-kit would migrate them,
 * from the same Drizzle definitions the services put in their schema files.
 */
export async function createSchema(pool: Pool, definitions: Record<string, unknown>): Promise<void> {
  const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(definitions));
  const client = await pool.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    client.release();
  }
}

export async function dropSchema(pool: Pool, schemaName: string): Promise<void> {
  await pool.query(`drop schema if exists "${schemaName}" cascade`);
}
