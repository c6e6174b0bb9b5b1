import { z } from 'zod';
import { defineEvent } from '../subject';

/** What consumers (the hires service's read model, later the accounting connector) need of an item. */
export const equipmentEventSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  category: z.string(),
  image_url: z.string().nullable(),
  image_card_url: z.string().nullable(),
  is_active: z.boolean(),
  customer_id: z.string().uuid().nullable(),
});

export const supplierEventSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  address: z.string().nullable(),
  is_active: z.boolean(),
  created_by: z.string().uuid().nullable(),
});

export const EquipmentCreated = defineEvent(
  'catalogue.equipment.created.v1',
  z.object({ equipment: equipmentEventSchema }),
);
export const EquipmentUpdated = defineEvent(
  'catalogue.equipment.updated.v1',
  z.object({ equipment: equipmentEventSchema }),
);
export const EquipmentDeleted = defineEvent(
  'catalogue.equipment.deleted.v1',
  z.object({ equipment_id: z.string().uuid() }),
);
export const SupplierCreated = defineEvent(
  'catalogue.supplier.created.v1',
  z.object({ supplier: supplierEventSchema }),
);
export const SupplierUpdated = defineEvent(
  'catalogue.supplier.updated.v1',
  z.object({ supplier: supplierEventSchema }),
);
export const SupplierDeleted = defineEvent(
  'catalogue.supplier.deleted.v1',
  z.object({ supplier_id: z.string().uuid() }),
);
