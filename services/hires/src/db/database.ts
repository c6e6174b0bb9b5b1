import type { Database, Tx } from '@planted/db';
import type { HiresSchema } from './schema';

export type HiresDatabase = Database<HiresSchema>;
export type HiresTx = Tx<HiresSchema>;
