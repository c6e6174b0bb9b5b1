import {
  AccountingSettingsChanged,
  CustomerCreated,
  HireUpdated,
  CustomerUpdated,
  EquipmentCreated,
  EquipmentDeleted,
  EquipmentUpdated,
  PurchaseOrderCreated,
  PurchaseOrderFailed,
  PurchaseOrderUpdated,
  SubscriptionChanged,
  SupplierCreated,
  SupplierDeleted,
  SupplierUpdated,
  UserCreated,
  UserUpdated,
} from '@planted/contracts';
import { OutboxService, type ConsumerDefinition } from '@planted/service-kit';
import type { HiresSchema } from '../db/schema';
import { toHireEvent } from '../hires/hire.mapper';
import { HiresRepository } from '../hires/hires.repository';
import { ReadModelsRepository } from './read-models.repository';

/**
 * The events that keep hires' read models current. Each is applied once per event id
 * (the kit's processed_events) and an older event never overwrites a newer one (source_at).
 */
export const readModelConsumers: ConsumerDefinition<HiresSchema>[] = [
  {
    name: 'hires-catalogue',
    stream: 'CATALOGUE',
    register(consumer, get) {
      const models = get(ReadModelsRepository);
      consumer
        .on(EquipmentCreated, (e, tx) => models.upsertEquipment(tx, e.payload.equipment, e.occurredAt))
        .on(EquipmentUpdated, (e, tx) => models.upsertEquipment(tx, e.payload.equipment, e.occurredAt))
        .on(EquipmentDeleted, (e, tx) => models.deleteEquipment(tx, e.payload.equipment_id, e.occurredAt))
        .on(SupplierCreated, (e, tx) => models.upsertSupplier(tx, e.payload.supplier, e.occurredAt))
        .on(SupplierUpdated, (e, tx) => models.upsertSupplier(tx, e.payload.supplier, e.occurredAt))
        .on(SupplierDeleted, (e, tx) => models.deleteSupplier(tx, e.payload.supplier_id, e.occurredAt));
    },
  },
  {
    name: 'hires-identity',
    stream: 'IDENTITY',
    register(consumer, get) {
      const models = get(ReadModelsRepository);
      consumer
        .on(UserCreated, (e, tx) => models.upsertUser(tx, e.payload.user, e.occurredAt))
        .on(UserUpdated, (e, tx) => models.upsertUser(tx, e.payload.user, e.occurredAt))
        // Identity keeps each customer's plan current from billing's events, so its customer
        // events carry the plan too (and are all there is until billing exists).
        .on(CustomerCreated, (e, tx) =>
          models.setPlan(tx, e.payload.customer.id, e.payload.customer.subscription_plan, e.occurredAt),
        )
        .on(CustomerUpdated, (e, tx) =>
          models.setPlan(tx, e.payload.customer.id, e.payload.customer.subscription_plan, e.occurredAt),
        );
    },
  },
  {
    name: 'hires-billing',
    stream: 'BILLING',
    register(consumer, get) {
      const models = get(ReadModelsRepository);
      consumer.on(SubscriptionChanged, (e, tx) =>
        models.setPlan(tx, e.payload.customer_id, e.payload.plan, e.occurredAt),
      );
    },
  },
  {
    name: 'hires-accounting',
    stream: 'ACCOUNTING',
    register(consumer, get) {
      const models = get(ReadModelsRepository);
      const hires = get(HiresRepository);
      const outbox = get(OutboxService);
      consumer
        // Whether creating a hire offers a purchase order (PurchaseOrderAvailability).
        .on(AccountingSettingsChanged, (e, tx) =>
          models.setAccountingSettings(tx, e.payload.customer_id, e.payload, e.occurredAt),
        )
        // The order's number and document on each of its hires; a hire.updated tells the others.
        .on(PurchaseOrderCreated, async (e, tx) => {
          const { customer_id: customerId } = e.payload;
          const rows = await hires.setPurchaseOrder(tx, customerId, e.payload.hire_ids, {
            documentId: e.payload.zahara_document_id,
            poNumber: e.payload.zahara_po_number,
          });
          for (const row of rows)
            await outbox.record(tx, HireUpdated, { hire: toHireEvent(row) }, customerId);
          // The relay publishes at its next poll otherwise; this transaction commits right after.
          if (rows.length > 0) setTimeout(() => outbox.committed(), 50).unref();
        })
        // The card shows why its order is missing until one is created.
        .on(PurchaseOrderFailed, async (e, tx) => {
          await hires.setPurchaseOrderFailure(tx, e.payload.customer_id, e.payload.hire_ids, {
            message: e.payload.error,
            at: e.occurredAt,
          });
        })
        // The card says when an edit did not reach the order in Zahara, until one does.
        .on(PurchaseOrderUpdated, async (e, tx) => {
          await hires.setPurchaseOrderUpdate(tx, e.payload.customer_id, e.payload.hire_ids, {
            error: e.payload.error,
            at: e.occurredAt,
          });
        });
    },
  },
];
