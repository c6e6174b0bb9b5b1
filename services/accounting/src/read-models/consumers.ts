import {
  EquipmentCreated,
  EquipmentUpdated,
  HireCreated,
  HireDeleted,
  HireUpdated,
  SiteCreated,
  SiteDeleted,
  SiteUpdated,
  SupplierCreated,
  SupplierDeleted,
  SupplierUpdated,
} from '@planted/contracts';
import type { ConsumerDefinition } from '@planted/service-kit';
import type { AccountingSchema } from '../db/schema';
import { AutoOrders } from '../purchase-orders/auto-orders';
import { PurchaseOrderWorker } from '../purchase-orders/purchase-order-worker';
import { ReadModelsRepository } from './read-models.repository';

/**
 * The events the connector keeps its read models from, each applied once per event id (the
 * kit's processed_events); hire.created also records the automatic purchase order.
 */
export const accountingConsumers: ConsumerDefinition<AccountingSchema>[] = [
  {
    name: 'accounting-hires',
    stream: 'HIRES',
    register(consumer, get) {
      const models = get(ReadModelsRepository);
      const autoOrders = get(AutoOrders);
      const worker = get(PurchaseOrderWorker);
      consumer
        .on(HireCreated, async (e, tx) => {
          await models.upsertHire(tx, e.payload.hire, e.occurredAt);
          // The worker looks when this transaction has had time to commit (and at its next poll anyway).
          if (await autoOrders.onHireCreated(tx, e.payload.hire))
            setTimeout(() => worker.nudge(), 50).unref();
        })
        // An edit to a hire on a created order makes the order due an update in Zahara, which the
        // worker's next poll (ACCOUNTING_PO_POLL_MS) sends: no timer per event (a bulk status
        // change is a thousand of them, most touching no order).
        .on(HireUpdated, (e, tx) => models.upsertHire(tx, e.payload.hire, e.occurredAt))
        .on(HireDeleted, (e, tx) => models.deleteHire(tx, e.payload.hire_id, e.occurredAt))
        .on(SiteCreated, (e, tx) => models.upsertSite(tx, e.payload.site, e.occurredAt))
        .on(SiteUpdated, (e, tx) => models.upsertSite(tx, e.payload.site, e.occurredAt))
        .on(SiteDeleted, (e, tx) => models.deleteSite(tx, e.payload.site_id, e.occurredAt));
    },
  },
  {
    name: 'accounting-catalogue',
    stream: 'CATALOGUE',
    register(consumer, get) {
      const models = get(ReadModelsRepository);
      consumer
        .on(EquipmentCreated, (e, tx) => models.upsertEquipment(tx, e.payload.equipment, e.occurredAt))
        .on(EquipmentUpdated, (e, tx) => models.upsertEquipment(tx, e.payload.equipment, e.occurredAt))
        .on(SupplierCreated, (e, tx) => models.upsertSupplier(tx, e.payload.supplier, e.occurredAt))
        .on(SupplierUpdated, (e, tx) => models.upsertSupplier(tx, e.payload.supplier, e.occurredAt))
        .on(SupplierDeleted, (e, tx) => models.deleteSupplier(tx, e.payload.supplier_id, e.occurredAt));
    },
  },
];
