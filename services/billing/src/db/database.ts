import type { Database, Tx } from '@planted/db';
import type { BillingSchema } from './schema';

export type BillingDatabase = Database<BillingSchema>;
export type BillingTx = Tx<BillingSchema>;
