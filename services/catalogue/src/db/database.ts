import type { Database, Tx } from '@planted/db';
import type { CatalogueSchema } from './schema';

export type CatalogueDatabase = Database<CatalogueSchema>;
export type CatalogueTx = Tx<CatalogueSchema>;
