import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { OAuthProvider } from '@planted/contracts';
import { preparedQuery } from '@planted/db';
import type { IdentityTx } from '../db/database';
import { returned } from '../db/rows';
import { customers, users, type CustomerRow, type UserRow } from '../db/schema';

export type NewUser = Pick<
  typeof users.$inferInsert,
  | 'customerId'
  | 'name'
  | 'email'
  | 'passwordHash'
  | 'role'
  | 'googleId'
  | 'microsoftId'
  | 'appleId'
  | 'emailVerifiedAt'
>;
export type UserPatch = Partial<
  Pick<
    UserRow,
    | 'name'
    | 'email'
    | 'emailVerifiedAt'
    | 'passwordHash'
    | 'profilePictureUrl'
    | 'languagePreference'
    | 'role'
    | 'isActive'
    | 'googleId'
    | 'microsoftId'
    | 'appleId'
  >
>;

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

/** The column holding each sign-in provider's account id. */
export const PROVIDER_ID_COLUMN = {
  google: users.googleId,
  microsoft: users.microsoftId,
  apple: users.appleId,
} as const satisfies Record<OAuthProvider, unknown>;

/** Property of UserRow (and NewUser) holding each provider's account id. */
export const PROVIDER_ID_KEY = {
  google: 'googleId',
  microsoft: 'microsoftId',
  apple: 'appleId',
} as const satisfies Record<OAuthProvider, keyof UserRow>;

const inCompany = and(
  eq(users.customerId, sql.placeholder('customerId')),
  eq(users.id, sql.placeholder('userId')),
);

// The reads behind every signed-in call, built once per connection (see preparedQuery).
const userInCompany = preparedQuery((tx: IdentityTx) =>
  tx.select().from(users).where(inCompany).prepare('identity_user_in_company'),
);
const userInCompanyWithCustomer = preparedQuery((tx: IdentityTx) =>
  tx
    .select({ user: users, customer: customers })
    .from(users)
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(inCompany)
    .prepare('identity_user_in_company_with_customer'),
);
const usersOfCompany = preparedQuery((tx: IdentityTx) =>
  tx
    .select()
    .from(users)
    .where(and(eq(users.customerId, sql.placeholder('customerId')), eq(users.isActive, true)))
    .orderBy(asc(users.name), asc(users.id))
    .prepare('identity_users_of_company'),
);

@Injectable()
export class UsersRepository {
  async findInCompany(tx: IdentityTx, customerId: string, userId: string): Promise<UserRow | undefined> {
    const [row] = await userInCompany(tx).execute({ customerId, userId });
    return row;
  }

  /** The user and their company in one query (the company is null only if it is gone). */
  async findInCompanyWithCustomer(
    tx: IdentityTx,
    customerId: string,
    userId: string,
  ): Promise<{ user: UserRow; customer: CustomerRow | null } | undefined> {
    const [row] = await userInCompanyWithCustomer(tx).execute({ customerId, userId });
    return row;
  }

  /**
   * Across companies, the active account with this email (a removed one no longer holds it):
   * only for sign-in paths running inside withSystem.
   */
  async findByEmail(tx: IdentityTx, email: string): Promise<UserRow | undefined> {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(byEmail(email), eq(users.isActive, true)));
    return row;
  }

  /** Across companies: the user a provider account is linked to (only for sign-in inside withSystem). */
  async findByProviderId(
    tx: IdentityTx,
    provider: OAuthProvider,
    providerId: string,
  ): Promise<UserRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(PROVIDER_ID_COLUMN[provider], providerId));
    return row;
  }

  /**
   * Links a provider account to a user that has none for that provider yet. Answers
   * undefined when the user meanwhile got another id for it (nothing is overwritten).
   */
  async linkProvider(
    tx: IdentityTx,
    user: Pick<UserRow, 'id' | 'customerId'>,
    provider: OAuthProvider,
    providerId: string,
  ): Promise<UserRow | undefined> {
    const column = PROVIDER_ID_COLUMN[provider];
    const [row] = await tx
      .update(users)
      .set({ [PROVIDER_ID_KEY[provider]]: providerId })
      .where(and(eq(users.customerId, user.customerId), eq(users.id, user.id), isNull(column)))
      .returning();
    return row;
  }

  /**
   * Across companies: whether an active account holds this email (inside withSystem). A
   * removed one does not: its company may invite it back (InvitationsService.accept
   * reactivates it), and anyone else may invite or register the address anew.
   */
  async emailTaken(tx: IdentityTx, email: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(byEmail(email), eq(users.isActive, true)))
      .limit(1);
    return row !== undefined;
  }

  /** The company's removed (inactive) account with this email, locked until the transaction ends. */
  async lockRemovedByEmail(tx: IdentityTx, customerId: string, email: string): Promise<UserRow | undefined> {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(byEmail(email), eq(users.customerId, customerId), eq(users.isActive, false)))
      .for('update');
    return row;
  }

  /** The company's team: its active users (a removed user is kept, inactive, for the records that name them). */
  listByCompany(tx: IdentityTx, customerId: string): Promise<UserRow[]> {
    return usersOfCompany(tx).execute({ customerId });
  }

  /**
   * The company's active administrators, locked until the transaction ends: two changes of
   * admins in one company wait for each other, and the second sees the first's result
   * (Postgres re-checks a locked row against the condition), so two admins demoting or
   * removing each other at once cannot leave the company without one.
   */
  lockActiveAdmins(tx: IdentityTx, customerId: string): Promise<{ id: string }[]> {
    return tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.customerId, customerId), eq(users.isActive, true), eq(users.role, 'admin')))
      .orderBy(asc(users.id))
      .for('update');
  }

  async countActive(tx: IdentityTx, customerId: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.customerId, customerId), eq(users.isActive, true)));
    return row?.n ?? 0;
  }

  async insert(tx: IdentityTx, user: NewUser): Promise<UserRow> {
    return returned(await tx.insert(users).values(user).returning());
  }

  async update(
    tx: IdentityTx,
    customerId: string,
    userId: string,
    patch: UserPatch,
  ): Promise<UserRow | undefined> {
    const [row] = await tx
      .update(users)
      .set(patch)
      .where(and(eq(users.customerId, customerId), eq(users.id, userId)))
      .returning();
    return row;
  }
}
