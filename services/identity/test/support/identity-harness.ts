import type { Actor, Role, Session, TokenClaims, TypedClient } from '@planted/contracts';
import { IdentityInvitationAccept, IdentityInvitationCreate, IdentityRegister } from '@planted/contracts';
import { runWithSessionToken } from '@planted/logging';
import { GatewayAssertionSigner, NatsTypedClient } from '@planted/messaging';
import { serviceUnderTest, type ServiceApp } from '@planted/service-kit';
import {
  FakeSmtp,
  inviteTokenFrom,
  startService,
  uniqueName,
  waitFor,
  type ServiceHarness,
} from '@planted/testing';
import type { IdentityConfig } from '../../src/config';
import type { IdentitySchema } from '../../src/db/schema';
import { identityService } from '../../src/identity.service';
import { signingKeyFromPem } from '../../src/keys/signing-key';
import { TokenSigner } from '../../src/keys/token-signer';

export interface IdentityHarness extends ServiceHarness<ServiceApp<IdentityConfig, IdentitySchema>> {
  config: IdentityConfig;
  /**
   * Calls identity as the gateway does: 'gateway' subjects with the gateway's assertion,
   * 'user' subjects with a session token identity's key signed for the payload's actor.
   */
  client: TypedClient;
  /** Signs session tokens with identity's key (the one the service verifies them with). */
  tokens: TokenSigner;
  /** Signs gateway assertions with the gateway's key. */
  gateway: GatewayAssertionSigner;
  smtp: FakeSmtp | undefined;
}

/**
 * The identity service in this process (the generic service harness), with (unless
 * `smtp: false`) a fake SMTP server it sends mail to. The test talks to it only through
 * NATS, as the gateway does.
 */
export async function startIdentity(
  options: { smtp?: boolean; env?: Record<string, string> } = {},
): Promise<IdentityHarness> {
  const smtp = options.smtp === false ? undefined : new FakeSmtp();
  const smtpUrl = smtp ? await smtp.start() : undefined;
  const harness = await startService(serviceUnderTest(identityService), {
    env: { SMTP_URL: smtpUrl, ...options.env },
  });
  const close = harness.close;
  const gateway = await GatewayAssertionSigner.fromPem(
    harness.env.GATEWAY_PRIVATE_KEY!,
    'the test gateway key',
  );
  const tokens = new TokenSigner(await signingKeyFromPem(harness.env.JWT_PRIVATE_KEY!, 'the test key'), 3600);
  const bus = new NatsTypedClient(harness.nc, harness.prefix, 10_000, gateway);
  const client: TypedClient = {
    async send(subject, payload, options) {
      const actor = (payload as { actor?: Actor }).actor;
      if (subject.caller !== 'user' || !actor) return bus.send(subject, payload, options);
      const token = await tokens.sign(claimsOf(actor));
      return runWithSessionToken(token, () => bus.send(subject, payload, options));
    },
  };
  return {
    ...harness,
    config: harness.app.config,
    client,
    tokens,
    gateway,
    smtp,
    async close() {
      await close();
      await smtp?.stop();
    },
  };
}

export function uniqueEmail(label = 'user'): string {
  return `${uniqueName(label)}@example.test`.toLowerCase();
}

export const PASSWORD = 'correct horse battery';

/** Registers a new company and answers its admin's session and actor. */
export async function registerCompany(
  client: TypedClient,
  overrides: Partial<{ customerName: string; userName: string; email: string; password: string }> = {},
): Promise<{ session: Session; actor: Actor; email: string; password: string }> {
  const email = overrides.email ?? uniqueEmail('admin');
  const password = overrides.password ?? PASSWORD;
  const session = await client.send(IdentityRegister, {
    customerName: overrides.customerName ?? 'Acme Plant Ltd',
    customerAddress: '1 Builders Yard, Leeds LS1 1AA',
    userName: overrides.userName ?? 'Alice Admin',
    email,
    password,
  });
  return { session, actor: actorOf(session.user), email, password };
}

/** Invites `email` as `actor` and answers the token from the email that arrived over SMTP. */
export async function invite(
  h: IdentityHarness,
  actor: Actor,
  email: string,
  role: Role = 'user',
  name: string | null = 'Ivy Invitee',
) {
  const address = email.toLowerCase();
  const before = h.smtp!.mailsTo(address).length;
  const reply = await h.client.send(IdentityInvitationCreate, { actor, email, name, role });
  const mail = await waitFor(() => h.smtp!.mailsTo(address)[before]);
  return { reply, mail, token: inviteTokenFrom(mail) };
}

/** A new user of the actor's company, invited and accepted. */
export async function addUser(h: IdentityHarness, actor: Actor, role: Role = 'user') {
  const email = uniqueEmail(role);
  const { token } = await invite(h, actor, email, role);
  const { user } = await h.client.send(IdentityInvitationAccept, {
    token,
    name: `New ${role}`,
    password: PASSWORD,
  });
  return { user, actor: actorOf(user), email };
}

export function actorOf(user: Session['user']): Actor {
  return {
    userId: user.id,
    customerId: user.customer_id,
    role: user.role,
    email: user.email,
    name: user.name,
  };
}

export function claimsOf(actor: Actor): TokenClaims {
  return {
    userId: actor.userId,
    customer_id: actor.customerId,
    role: actor.role,
    email: actor.email,
    name: actor.name,
  };
}

/** The ServiceError a call rejects with (fails the test when it resolves). */
export async function errorOf(
  call: Promise<unknown>,
): Promise<{ code: string; message: string; details?: unknown }> {
  try {
    await call;
  } catch (err) {
    const e = err as { code: string; message: string; details?: unknown };
    return { code: e.code, message: e.message, ...(e.details ? { details: e.details } : {}) };
  }
  throw new Error('expected the call to fail');
}
