import { createDatabase, uniqueName } from './test-database';

/**
 * Creates a database for this test run unless the runner (scripts/test.mjs) already
 * made one for the whole run. The teardown drops only what this setup created.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.PLANTED_TEST_DATABASE_URL) return;
  const name = uniqueName('planted_test');
  process.env.PLANTED_TEST_DATABASE_URL = await createDatabase(name);
  process.env.PLANTED_TEST_DATABASE_OWNED = name;
}
