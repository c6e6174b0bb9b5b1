import type { Database, Tx } from '@planted/db';
import type { IdentitySchema } from './schema';

export type IdentityDatabase = Database<IdentitySchema>;
export type IdentityTx = Tx<IdentitySchema>;
