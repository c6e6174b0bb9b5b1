import type { CustomerRow, UserRow } from '../../src/db/schema';

/** Row fixtures for unit tests of identity's services. */
const now = new Date('2025-01-01T00:00:00Z');

export const customerRow: CustomerRow = {
  id: '7a0c1e6d-3f51-4f0a-8a7e-5a0f6c9d2e44',
  name: 'Acme',
  address: '1 Yard Lane, Leeds',
  status: 'free',
  subscriptionPlan: 'free',
  subscriptionStartDate: null,
  subscriptionEndDate: null,
  subscriptionCanceledAt: null,
  subscriptionChangedAt: null,
  createdAt: now,
  updatedAt: now,
};

export const userRow = (patch: Partial<UserRow> = {}): UserRow => ({
  id: '2b9c3a54-1d1f-4c1e-9a55-6f0f0d2b8a11',
  customerId: customerRow.id,
  name: 'Alice',
  email: 'alice@example.test',
  passwordHash: '$argon2id$stored',
  role: 'admin',
  profilePictureUrl: null,
  languagePreference: null,
  isActive: true,
  sessionsValidAfter: null,
  emailVerifiedAt: now,
  googleId: null,
  microsoftId: null,
  appleId: null,
  createdAt: now,
  updatedAt: now,
  ...patch,
});
