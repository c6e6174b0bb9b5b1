import { SupplierExported, SupplierMatched, SupplierUnmatched } from '@planted/contracts';
import type { ConsumerDefinition } from '@planted/service-kit';
import type { CatalogueSchema } from '../db/schema';
import { SuppliersRepository } from './suppliers.repository';
import { TIMELINE_TITLES } from './suppliers.service';

/**
 * The accounting connector's events about suppliers: an export to Zahara adds an 'exported'
 * event to the exporting company's timeline of the supplier, authored by who exported it;
 * a match (an export's too) sets the company's `zahara_supplier_id`, the cards' matched
 * marker (spec §2 Suppliers), and removing the match clears it. Applied once per event id (processed_events), so a redelivery
 * adds no second timeline event.
 */
export const accountingSuppliersConsumer: ConsumerDefinition<CatalogueSchema> = {
  name: 'catalogue-accounting',
  stream: 'ACCOUNTING',
  // The connector may not run yet (or at all): the consumer waits for its stream.
  register(consumer, get) {
    const suppliers = () => get(SuppliersRepository);
    consumer.on(SupplierExported, async (event, tx) => {
      const { customer_id, supplier_id, user_id, user_name } = event.payload;
      // A supplier the catalogue never had has no timeline (the row is the timeline's reference).
      if (!(await suppliers().findRow(tx, supplier_id))) return;
      await suppliers().addTimelineEvent(tx, {
        customerId: customer_id,
        supplierId: supplier_id,
        type: 'exported',
        title: TIMELINE_TITLES.exported,
        body: null,
        authorId: user_id,
        authorName: user_name,
      });
    });
    consumer.on(SupplierMatched, async (event, tx) => {
      const { customer_id, supplier_id, zahara_supplier_id } = event.payload;
      if (!(await suppliers().findRow(tx, supplier_id))) return;
      await suppliers().markMatched(tx, customer_id, supplier_id, String(zahara_supplier_id));
    });
    consumer.on(SupplierUnmatched, async (event, tx) => {
      const { customer_id, supplier_id } = event.payload;
      await suppliers().markUnmatched(tx, customer_id, supplier_id);
    });
  },
};
