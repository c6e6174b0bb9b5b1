import { sql } from 'drizzle-orm';
import { boolean, index, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '@planted/db';
import { PLAN_IDS } from '@planted/domain';
import { idempotentRequestsTable, outboxTable, processedEventsTable } from '@planted/messaging';

// Not exported: the migrator creates the schema (it keeps its journal there), so drizzle-kit must not.
const identity = pgSchema('identity');

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const ROLES = ['admin', 'user', 'viewer'] as const;
export const LANGUAGES = ['en', 'es'] as const;

export const customers = identity
  .table(
    'customers',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      name: text('name').notNull(),
      address: text('address').notNull(),
      status: text('status').notNull().default('free'),
      subscriptionPlan: text('subscription_plan', { enum: PLAN_IDS }).notNull().default('free'),
      subscriptionStartDate: timestamp('subscription_start_date', { withTimezone: true }),
      subscriptionEndDate: timestamp('subscription_end_date', { withTimezone: true }),
      subscriptionCanceledAt: timestamp('subscription_canceled_at', { withTimezone: true }),
      /** When billing's latest applied subscription.changed happened: an older one arriving late changes nothing. */
      subscriptionChangedAt: timestamp('subscription_changed_at', { withTimezone: true, mode: 'string' }),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    () => [tenantPolicy('customers_tenant_isolation', 'id')],
  )
  .enableRLS();

export const users = identity
  .table(
    'users',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      customerId: uuid('customer_id')
        .notNull()
        .references(() => customers.id),
      name: text('name').notNull(),
      email: text('email').notNull(),
      /** Null for accounts that only sign in through Google, Microsoft or Apple. */
      passwordHash: text('password_hash'),
      role: text('role', { enum: ROLES }).notNull(),
      profilePictureUrl: text('profile_picture_url'),
      languagePreference: text('language_preference', { enum: LANGUAGES }),
      isActive: boolean('is_active').notNull().default(true),
      googleId: text('google_id').unique('users_google_id_unique'),
      microsoftId: text('microsoft_id').unique('users_microsoft_id_unique'),
      appleId: text('apple_id').unique('users_apple_id_unique'),
      /**
       * When the user last proved they own `email`: by accepting an invitation or resetting the
       * password through a link sent to it, or through a provider that vouched for it. Null
       * after self-registration and after an email change. A social sign-in links to a user
       * by email only when this is set: otherwise whoever typed someone else's address into a
       * signup or profile would receive that person's provider sign-in (pre-hijacking).
       */
      emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
      /** Tokens issued before this instant are no longer valid (password change or reset, role change, removal). */
      sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true }),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [
      // One active account per email across every company (login is by email alone). A removed
      // user's row stays, for the records that name them, but no longer holds the address: they
      // may sign up again, or be invited by another company.
      uniqueIndex('users_email_lower_unique')
        .on(sql`lower(${t.email})`)
        .where(sql`${t.isActive}`),
      // Users list (ordered by name) and the active-user count of the plan limit.
      index('users_customer_name_idx').on(t.customerId, t.name),
      tenantPolicy('users_tenant_isolation'),
    ],
  )
  .enableRLS();

export const invitations = identity
  .table(
    'invitations',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      customerId: uuid('customer_id')
        .notNull()
        .references(() => customers.id),
      email: text('email').notNull(),
      name: text('name'),
      role: text('role', { enum: ROLES }).notNull(),
      /** sha-256 (hex) of the emailed token; the token itself is never stored. */
      tokenHash: text('token_hash').notNull(),
      invitedBy: uuid('invited_by')
        .notNull()
        .references(() => users.id),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
      acceptedAt: timestamp('accepted_at', { withTimezone: true }),
      revokedAt: timestamp('revoked_at', { withTimezone: true }),
      createdAt: createdAt(),
    },
    (t) => [
      uniqueIndex('invitations_token_hash_unique').on(t.tokenHash),
      // Finding the pending invitation to the same address when a new one replaces it.
      index('invitations_pending_email_idx')
        .on(t.customerId, sql`lower(${t.email})`)
        .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
      index('invitations_invited_by_idx').on(t.invitedBy),
      tenantPolicy('invitations_tenant_isolation'),
    ],
  )
  .enableRLS();

export const passwordResets = identity
  .table(
    'password_resets',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      customerId: uuid('customer_id')
        .notNull()
        .references(() => customers.id),
      userId: uuid('user_id')
        .notNull()
        .references(() => users.id),
      /** sha-256 (hex) of the emailed token; the token itself is never stored. */
      tokenHash: text('token_hash').notNull(),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
      usedAt: timestamp('used_at', { withTimezone: true }),
      createdAt: createdAt(),
    },
    (t) => [
      uniqueIndex('password_resets_token_hash_unique').on(t.tokenHash),
      index('password_resets_user_idx').on(t.userId),
      tenantPolicy('password_resets_tenant_isolation'),
    ],
  )
  .enableRLS();

export const outbox = outboxTable(identity);
export const processedEvents = processedEventsTable(identity);
export const idempotentRequests = idempotentRequestsTable(identity);

export const schema = {
  customers,
  users,
  invitations,
  passwordResets,
  outbox,
  processedEvents,
  idempotentRequests,
};
export type IdentitySchema = typeof schema;

export type CustomerRow = typeof customers.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
export type PasswordResetRow = typeof passwordResets.$inferSelect;
