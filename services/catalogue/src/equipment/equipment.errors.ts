import { CATALOGUE_MESSAGES, ServiceError } from '@planted/contracts';

/** Unknown, deleted and another company's inactive items are not told apart. */
export const equipmentNotFound = () => new ServiceError('NOT_FOUND', CATALOGUE_MESSAGES.EQUIPMENT_NOT_FOUND);

/** Spec §6: only admins add equipment. */
export const onlyAdminsAddEquipment = () =>
  new ServiceError('FORBIDDEN', CATALOGUE_MESSAGES.ONLY_ADMINS_ADD_EQUIPMENT);

/** Spec §6: only admins of the owning company edit or delete an item. */
export const onlyOwnerEditsEquipment = () =>
  new ServiceError('FORBIDDEN', CATALOGUE_MESSAGES.ONLY_OWNER_EDITS_EQUIPMENT);
