import pino from 'pino';
import { ServiceError } from '@planted/contracts';
import type { OutboxService } from '@planted/service-kit';
import type { CustomersRepository } from '../customers/customers.repository';
import type { IdentityDatabase } from '../db/database';
import type { UserRow } from '../db/schema';
import { customerRow, userRow } from '../../test/support/rows';
import { CompanyRegistration } from '../customers/company-registration';
import type { InvitationsRepository } from '../invitations/invitations.repository';
import { SessionIssuer } from '../keys/session-issuer';
import type { TokenSigner } from '../keys/token-signer';
import type { UsersRepository } from '../users/users.repository';
import { OAuthService } from './oauth.service';

const customer = customerRow;
const user = userRow;

function pgUniqueViolation(constraint: string) {
  return Object.assign(new Error('duplicate key'), { code: '23505', constraint });
}

function setup(rows: { byProvider?: UserRow; byEmail?: UserRow; linkResult?: UserRow | null } = {}) {
  const tx = {};
  const database = { withSystem: jest.fn((fn) => fn(tx)) };
  const users = {
    findByProviderId: jest.fn(async () => rows.byProvider),
    findByEmail: jest.fn(async () => rows.byEmail),
    linkProvider: jest.fn(async (_tx: unknown, u: UserRow, _provider: string, providerId: string) =>
      rows.linkResult === null ? undefined : (rows.linkResult ?? { ...u, microsoftId: providerId }),
    ),
    insert: jest.fn(async (_tx: unknown, values: Partial<UserRow>) =>
      user({ passwordHash: null, ...values }),
    ),
  };
  const customers = {
    findById: jest.fn(async () => customer),
    insert: jest.fn(async () => customer),
  };
  const signer = { sign: jest.fn(async () => 'signed.token') };
  const outbox = { record: jest.fn(), committed: jest.fn() };
  const service = new OAuthService(
    database as unknown as IdentityDatabase,
    pino({ level: 'silent' }),
    users as unknown as UsersRepository,
    customers as unknown as CustomersRepository,
    new SessionIssuer(signer as unknown as TokenSigner),
    new CompanyRegistration(
      database as unknown as IdentityDatabase,
      customers as unknown as CustomersRepository,
      users as unknown as UsersRepository,
      // No other company has invited the address.
      { revokePendingToAnyCompany: jest.fn(async () => []) } as unknown as InvitationsRepository,
      outbox as unknown as OutboxService,
    ),
    outbox as unknown as OutboxService,
  );
  return { service, users, customers, outbox, database };
}

const INVALID = new ServiceError('INVALID_CREDENTIALS', 'Invalid email or password');
const microsoft = {
  provider: 'microsoft' as const,
  providerId: 'ms-sub-1',
  email: 'alice@example.test',
  emailVerified: true,
  name: 'Alice A',
};

describe('social sign-in: which account a provider account reaches (spec §4 Social sign-in)', () => {
  it('signs in the user already linked to the provider id, without looking at the email', async () => {
    const linked = user({ microsoftId: 'ms-sub-1' });
    const { service, users } = setup({ byProvider: linked });
    const reply = await service.signIn({ ...microsoft, email: 'someone-else@example.test' });
    expect(reply).toMatchObject({
      status: 'signed_in',
      session: { token: 'signed.token', user: { id: linked.id }, customer: { id: customer.id } },
    });
    expect(users.findByProviderId).toHaveBeenCalledWith(expect.anything(), 'microsoft', 'ms-sub-1');
    expect(users.findByEmail).not.toHaveBeenCalled();
    expect(users.linkProvider).not.toHaveBeenCalled();
  });

  it('links an existing password user found by a verified email, then signs them in', async () => {
    const existing = user();
    const { service, users } = setup({ byEmail: existing });
    const reply = await service.signIn(microsoft);
    expect(users.findByEmail).toHaveBeenCalledWith(expect.anything(), 'alice@example.test');
    expect(users.linkProvider).toHaveBeenCalledWith(expect.anything(), existing, 'microsoft', 'ms-sub-1');
    expect(reply).toMatchObject({ status: 'signed_in', session: { user: { id: existing.id } } });
  });

  it('does not link to a user who has not proved they own the email (self-registered, or changed on the profile)', async () => {
    const { service, users } = setup({ byEmail: user({ emailVerifiedAt: null }) });
    await expect(service.signIn(microsoft)).resolves.toEqual({ status: 'email_unverified' });
    expect(users.linkProvider).not.toHaveBeenCalled();
  });

  it('never links by an email the provider has not verified: no_tenancy instead', async () => {
    const { service, users } = setup({ byEmail: user() });
    await expect(service.signIn({ ...microsoft, emailVerified: false })).resolves.toEqual({
      status: 'no_tenancy',
    });
    expect(users.findByEmail).not.toHaveBeenCalled();
    expect(users.linkProvider).not.toHaveBeenCalled();
  });

  it('answers no_tenancy when neither the provider id nor the email is known', async () => {
    const { service } = setup();
    await expect(service.signIn(microsoft)).resolves.toEqual({ status: 'no_tenancy' });
  });

  it('refuses an inactive linked user like a wrong password', async () => {
    const { service } = setup({ byProvider: user({ microsoftId: 'ms-sub-1', isActive: false }) });
    await expect(service.signIn(microsoft)).rejects.toEqual(INVALID);
  });

  it('refuses an inactive user found by email, and does not link them', async () => {
    const { service, users } = setup({ byEmail: user({ isActive: false }) });
    await expect(service.signIn(microsoft)).rejects.toEqual(INVALID);
    expect(users.linkProvider).not.toHaveBeenCalled();
  });

  it('does not take over a user already linked to another account of the same provider', async () => {
    const { service, users } = setup({ byEmail: user({ microsoftId: 'ms-sub-OTHER' }) });
    await expect(service.signIn(microsoft)).rejects.toEqual(INVALID);
    expect(users.linkProvider).not.toHaveBeenCalled();
  });

  it('links a second provider to a user who already signs in with another one', async () => {
    const { service, users } = setup({ byEmail: user({ googleId: 'g-1' }) });
    await expect(service.signIn(microsoft)).resolves.toMatchObject({ status: 'signed_in' });
    expect(users.linkProvider).toHaveBeenCalledTimes(1);
  });

  it('refuses when a concurrent change linked the user first, or took the provider id', async () => {
    await expect(setup({ byEmail: user(), linkResult: null }).service.signIn(microsoft)).rejects.toEqual(
      INVALID,
    );
    const raced = setup({ byEmail: user() });
    raced.database.withSystem.mockImplementationOnce(async () => {
      throw pgUniqueViolation('users_microsoft_id_unique');
    });
    await expect(raced.service.signIn(microsoft)).rejects.toEqual(INVALID);
  });
});

describe('social signup completion (spec §2 Signup social completion mode)', () => {
  const input = {
    provider: 'google' as const,
    providerId: 'g-sub-9',
    email: 'new@example.test',
    customerName: 'New Plant Ltd',
    customerAddress: '1 Long Street, Leeds',
    userName: 'Nia New',
    emailVerified: true,
  };

  it('creates a free company whose admin has the provider id and no password, with both events', async () => {
    const { service, users, customers, outbox } = setup();
    const session = await service.completeSignup(input);
    expect(customers.insert).toHaveBeenCalledWith(expect.anything(), {
      name: 'New Plant Ltd',
      address: '1 Long Street, Leeds',
    });
    expect(users.insert).toHaveBeenCalledWith(expect.anything(), {
      customerId: customer.id,
      name: 'Nia New',
      email: 'new@example.test',
      passwordHash: null,
      emailVerifiedAt: expect.any(Date),
      role: 'admin',
      googleId: 'g-sub-9',
    });
    expect(outbox.record.mock.calls.map((c) => c[1].name)).toEqual([
      'identity.customer.created.v1',
      'identity.user.created.v1',
    ]);
    expect(outbox.committed).toHaveBeenCalled();
    expect(session).toMatchObject({
      token: 'signed.token',
      user: { email: 'new@example.test', role: 'admin' },
    });
  });

  it('records the email as proved only when the provider vouched for it', async () => {
    const { service, users } = setup();
    await service.completeSignup({ ...input, emailVerified: false });
    expect(users.insert).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ emailVerifiedAt: null }),
    );
  });

  it('answers EMAIL_TAKEN when the email already has an account', async () => {
    const { service, database } = setup();
    database.withSystem.mockImplementationOnce(async () => {
      throw pgUniqueViolation('users_email_lower_unique');
    });
    await expect(service.completeSignup(input)).rejects.toMatchObject({ code: 'EMAIL_TAKEN' });
  });

  it('answers CONFLICT when the provider account is already linked', async () => {
    const { service, database } = setup();
    database.withSystem.mockImplementationOnce(async () => {
      throw pgUniqueViolation('users_google_id_unique');
    });
    await expect(service.completeSignup(input)).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
