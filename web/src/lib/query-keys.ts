/*
 * Query-key factories, one per feature. They live here rather than in each feature's api/ folder
 * because a change in one feature often makes another's data stale (a profile edit changes the
 * users list), and features do not import each other. Keys nest: invalidating `all` refreshes
 * every query under it.
 */

export const sessionKeys = {
  all: ['session'] as const,
  profile: () => [...sessionKeys.all, 'profile'] as const,
};

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
};

export const invitationKeys = {
  all: ['invitations'] as const,
  validate: (token: string) => [...invitationKeys.all, 'validate', token] as const,
  pending: () => [...invitationKeys.all, 'pending'] as const,
};

export const customerKeys = {
  all: ['customers'] as const,
  stats: () => [...customerKeys.all, 'stats'] as const,
};

export interface ListParams {
  page?: number;
  search?: string;
  [filter: string]: string | number | boolean | undefined;
}

export const hireKeys = {
  all: ['hires'] as const,
  lists: () => [...hireKeys.all, 'list'] as const,
  list: (params: ListParams) => [...hireKeys.lists(), params] as const,
  detail: (id: string) => [...hireKeys.all, 'detail', id] as const,
  endingSoon: () => [...hireKeys.all, 'ending-soon'] as const,
  overdue: () => [...hireKeys.all, 'overdue'] as const,
  /** The hires map's load (page 1, limit 1000) with or without completed hires. */
  map: (withCompleted: boolean) => [...hireKeys.all, 'map', { withCompleted }] as const,
  usage: () => [...hireKeys.all, 'subscription-usage'] as const,
};

export const equipmentKeys = {
  all: ['equipment'] as const,
  lists: () => [...equipmentKeys.all, 'list'] as const,
  list: (params: ListParams) => [...equipmentKeys.lists(), params] as const,
  categoriesAll: () => [...equipmentKeys.all, 'categories'] as const,
  categories: (favorites: boolean) => [...equipmentKeys.categoriesAll(), { favorites }] as const,
  pricing: () => [...equipmentKeys.all, 'pricing'] as const,
  detail: (id: string) => [...equipmentKeys.all, 'detail', id] as const,
  similar: (name: string) => [...equipmentKeys.all, 'similar', name] as const,
};

export const supplierKeys = {
  all: ['suppliers'] as const,
  lists: () => [...supplierKeys.all, 'list'] as const,
  list: (params: ListParams) => [...supplierKeys.lists(), params] as const,
  timeline: (id: string) => [...supplierKeys.all, 'timeline', id] as const,
  detail: (id: string) => [...supplierKeys.all, 'detail', id] as const,
  similar: (name: string) => [...supplierKeys.all, 'similar', name] as const,
};

export const siteKeys = {
  all: ['sites'] as const,
  list: () => [...siteKeys.all, 'list'] as const,
};

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  plans: () => [...subscriptionKeys.all, 'plans'] as const,
  current: () => [...subscriptionKeys.all, 'current'] as const,
};

/** The accounting integration (Zahara): its settings say whether integration features show. */
export const accountingKeys = {
  all: ['accounting'] as const,
  settings: () => [...accountingKeys.all, 'settings'] as const,
  status: () => [...accountingKeys.all, 'status'] as const,
  zaharaSuppliers: () => [...accountingKeys.all, 'zahara-suppliers'] as const,
  supplierMatches: () => [...accountingKeys.all, 'supplier-matches'] as const,
  syncStatus: () => [...accountingKeys.all, 'projects', 'sync-status'] as const,
};
