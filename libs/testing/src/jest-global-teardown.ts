import { dropDatabase } from './test-database';

export default async function globalTeardown(): Promise<void> {
  const owned = process.env.PLANTED_TEST_DATABASE_OWNED;
  if (owned) {
    await dropDatabase(owned);
    delete process.env.PLANTED_TEST_DATABASE_OWNED;
    delete process.env.PLANTED_TEST_DATABASE_URL;
  }
}
