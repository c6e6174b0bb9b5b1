import { CATALOGUE_MESSAGES, ServiceError } from '@planted/contracts';

/** Unknown, deleted and another company's inactive suppliers are not told apart. */
export const supplierNotFound = () => new ServiceError('NOT_FOUND', CATALOGUE_MESSAGES.SUPPLIER_NOT_FOUND);

/** Spec §6: admins add and edit suppliers. */
export const onlyAdminsManageSuppliers = () =>
  new ServiceError('FORBIDDEN', CATALOGUE_MESSAGES.ONLY_ADMINS_MANAGE_SUPPLIERS);

/** Spec §2: another customer's supplier has read-only basic information. */
export const supplierReadOnly = () => new ServiceError('FORBIDDEN', CATALOGUE_MESSAGES.SUPPLIER_READ_ONLY);

/** Spec §6: only the creator deletes a supplier. */
export const onlyCreatorDeletesSupplier = () =>
  new ServiceError('FORBIDDEN', CATALOGUE_MESSAGES.ONLY_CREATOR_DELETES_SUPPLIER);
