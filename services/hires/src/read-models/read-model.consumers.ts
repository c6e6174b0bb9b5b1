import {
  CustomerCreated,
  CustomerUpdated,
  EquipmentCreated,
  EquipmentDeleted,
  EquipmentUpdated,
  SubscriptionChanged,
  SupplierCreated,
  SupplierDeleted,
  SupplierUpdated,
  UserCreated,
  UserUpdated,
} from '@planted/contracts';
import type { ConsumerDefinition } from '@planted/service-kit';
import type { HiresSchema } from '../db/schema';
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
];
