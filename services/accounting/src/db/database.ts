import type { Database, Tx } from '@planted/db';
import type { AccountingSchema } from './schema';

export type AccountingDatabase = Database<AccountingSchema>;
export type AccountingTx = Tx<AccountingSchema>;
