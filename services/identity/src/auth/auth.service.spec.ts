import pino from 'pino';
import { ServiceError } from '@planted/contracts';
import type { OutboxService } from '@planted/service-kit';
import type { CustomersRepository } from '../customers/customers.repository';
import type { IdentityDatabase } from '../db/database';
import type { UserRow } from '../db/schema';
import { customerRow, userRow } from '../../test/support/rows';
import { CompanyRegistration } from '../customers/company-registration';
import { SessionIssuer } from '../keys/session-issuer';
import type { TokenSigner } from '../keys/token-signer';
import type { UsersRepository } from '../users/users.repository';
import type { UsersService } from '../users/users.service';
import type { SessionRevoker } from '../sessions/session-revoker';
import type { InvitationsRepository } from '../invitations/invitations.repository';
import { AuthService } from './auth.service';
import type { PasswordResetService } from './password-reset.service';
import type { PasswordHasher } from './password-hasher';
import type { MailService } from '../mail/mail.service';

const customer = customerRow;
const user = userRow;

function setup(found: UserRow | undefined, passwordMatches: boolean, needsRehash = false) {
  const tx = {};
  const database = {
    withSystem: jest.fn((fn) => fn(tx)),
    withTenant: jest.fn((_id, fn) => fn(tx)),
    readAsTenant: jest.fn((_id, fn) => fn(tx)),
  };
  const users = { findByEmail: jest.fn(async () => found), update: jest.fn(async () => found) };
  const customers = { findById: jest.fn(async () => customer) };
  const hasher = {
    verify: jest.fn(async () => passwordMatches),
    verifyDummy: jest.fn(async () => false),
    needsRehash: jest.fn(() => needsRehash),
    hash: jest.fn(async () => '$argon2id$upgraded'),
  };
  const signer = { sign: jest.fn(async () => 'signed.token') };
  const outbox = { record: jest.fn(), committed: jest.fn() } as unknown as OutboxService;
  const service = new AuthService(
    database as unknown as IdentityDatabase,
    pino({ level: 'silent' }),
    users as unknown as UsersRepository,
    {} as UsersService,
    customers as unknown as CustomersRepository,
    hasher as unknown as PasswordHasher,
    new SessionIssuer(signer as unknown as TokenSigner),
    new CompanyRegistration(
      database as unknown as IdentityDatabase,
      customers as unknown as CustomersRepository,
      users as unknown as UsersRepository,
      // No other company has invited the address.
      { revokePendingToAnyCompany: jest.fn(async () => []) } as unknown as InvitationsRepository,
      outbox,
    ),
    outbox,
    {} as SessionRevoker,
    {} as PasswordResetService,
    {} as InvitationsRepository,
    {} as MailService,
  );
  return { service, hasher, users };
}

const INVALID = new ServiceError('INVALID_CREDENTIALS', 'Invalid email or password');
const login = { email: 'alice@example.test', password: 'pw123456' };

describe('login does the same work and gives the same error for every failure (spec §8)', () => {
  it('unknown email: one verification against the dummy hash', async () => {
    const { service, hasher } = setup(undefined, false);
    await expect(service.login(login)).rejects.toEqual(INVALID);
    expect(hasher.verifyDummy).toHaveBeenCalledTimes(1);
    expect(hasher.verify).not.toHaveBeenCalled();
  });

  it('wrong password: one verification against the stored hash', async () => {
    const { service, hasher } = setup(user(), false);
    await expect(service.login(login)).rejects.toEqual(INVALID);
    expect(hasher.verify).toHaveBeenCalledWith('$argon2id$stored', 'pw123456');
    expect(hasher.verifyDummy).not.toHaveBeenCalled();
  });

  it('inactive user with the right password: verified, then refused alike', async () => {
    const { service, hasher } = setup(user({ isActive: false }), true);
    await expect(service.login(login)).rejects.toEqual(INVALID);
    expect(hasher.verify).toHaveBeenCalledTimes(1);
  });

  it('user without a password: one verification against the dummy hash', async () => {
    const { service, hasher } = setup(user({ passwordHash: null }), true);
    await expect(service.login(login)).rejects.toEqual(INVALID);
    expect(hasher.verifyDummy).toHaveBeenCalledTimes(1);
  });

  it('right password: answers token, user and customer', async () => {
    const { service, users } = setup(user(), true);
    const session = await service.login(login);
    expect(session).toMatchObject({
      token: 'signed.token',
      user: { email: 'alice@example.test' },
      customer: { id: customer.id },
    });
    expect(users.update).not.toHaveBeenCalled();
  });

  it('upgrades a hash made with weaker parameters after a successful login', async () => {
    const { service, users } = setup(user(), true, true);
    await service.login(login);
    expect(users.update).toHaveBeenCalledWith(expect.anything(), customer.id, user().id, {
      passwordHash: '$argon2id$upgraded',
    });
  });
});
