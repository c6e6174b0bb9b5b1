import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { headers as natsHeaders } from 'nats';
import {
  IdentityChangePassword,
  IdentityLogin,
  IdentityLogout,
  IdentityOAuthSignIn,
  IdentityUsersList,
  type RequestOf,
  type RequestSubject,
} from '@planted/contracts';
import {
  GATEWAY_ASSERTION_HEADER,
  GatewayAssertionSigner,
  prefixed,
  SESSION_TOKEN_HEADER,
} from '@planted/messaging';
import { ed25519KeyPair, waitFor } from '@planted/testing';
import { users } from '../src/db/schema';
import { signingKeyFromPem } from '../src/keys/signing-key';
import { TokenSigner } from '../src/keys/token-signer';
import {
  claimsOf,
  PASSWORD,
  registerCompany,
  startIdentity,
  uniqueEmail,
  type IdentityHarness,
} from './support/identity-harness';

// Issue 8, item 1 (design: "Trust on the bus"): any process on NATS used to read another
// company's users by naming its actor, and get a session for any email through social
// sign-in. Here a client on the same NATS sends requests the way such a process would.

let h: IdentityHarness;
let a: Awaited<ReturnType<typeof registerCompany>>;
let b: Awaited<ReturnType<typeof registerCompany>>;

beforeAll(async () => {
  h = await startIdentity({ smtp: false });
  a = await registerCompany(h.client, { customerName: 'Company A', userName: 'Anna A' });
  b = await registerCompany(h.client, { customerName: 'Company B', userName: 'Ben B' });
});

afterAll(async () => {
  await h?.close();
});

const encoder = new TextEncoder();
const decoder = new TextDecoder();

interface RawReply {
  err?: { code: string; message: string };
  response?: Record<string, unknown>;
}

/** A request as a rogue process sends it: any payload, any headers, straight onto NATS. */
async function raw<S extends RequestSubject>(
  subject: S,
  data: RequestOf<S>,
  headers: Record<string, string> = {},
): Promise<RawReply> {
  const hdrs = natsHeaders();
  for (const [name, value] of Object.entries(headers)) hdrs.set(name, value);
  const packet = `{"pattern":${JSON.stringify(subject.name)},"data":${JSON.stringify(data)},"id":"${randomUUID()}"}`;
  const reply = await h.nc.request(prefixed(h.prefix, subject.name), encoder.encode(packet), {
    timeout: 5000,
    headers: hdrs,
  });
  return JSON.parse(decoder.decode(reply.data)) as RawReply;
}

describe('user subjects carry the session token of the actor they name', () => {
  it("refuses identity.users.list.v1 with another company's actor and no token, answering no users", async () => {
    const reply = await raw(IdentityUsersList, { actor: a.actor });
    expect(reply.err).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(reply.response).toBeUndefined();
  });

  it("refuses a valid token of company B with company A's actor in the payload", async () => {
    const tokenOfB = await h.tokens.sign(claimsOf(b.actor));
    const reply = await raw(IdentityUsersList, { actor: a.actor }, { [SESSION_TOKEN_HEADER]: tokenOfB });
    expect(reply.err).toMatchObject({ code: 'FORBIDDEN' });
    expect(reply.response).toBeUndefined();
  });

  it('refuses a token identity did not sign, even for the actor it names', async () => {
    const forger = new TokenSigner(await signingKeyFromPem(ed25519KeyPair().privateKey, 'forger'), 3600);
    const reply = await raw(
      IdentityUsersList,
      { actor: a.actor },
      { [SESSION_TOKEN_HEADER]: await forger.sign(claimsOf(a.actor)) },
    );
    expect(reply.err).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(reply.response).toBeUndefined();
  });

  it("answers the company's users for a token of its own user", async () => {
    const token = await h.tokens.sign(claimsOf(a.actor));
    const reply = await raw(
      IdentityUsersList,
      { actor: { ...a.actor, role: 'viewer' } },
      { [SESSION_TOKEN_HEADER]: token },
    );
    expect(reply.err).toBeUndefined();
    expect((reply.response!.users as { id: string }[]).map((u) => u.id)).toEqual([a.session.user.id]);
  });
});

describe('a session token whose session has ended is refused on the bus too (issue 8)', () => {
  // The gateway refuses such a token, but a process on the bus holding it used to be served
  // until the token expired (12 h): identity's own admission now refuses it as well.
  const signIn = async (email: string, password: string) =>
    (await h.client.send(IdentityLogin, { email, password })).token;
  const usersWith = (token: string, actor = a.actor) =>
    raw(IdentityUsersList, { actor }, { [SESSION_TOKEN_HEADER]: token });
  const refusedSoon = async (token: string, actor = a.actor) => {
    await waitFor(async () => ((await usersWith(token, actor)).err ? true : undefined), 10_000);
    const reply = await usersWith(token, actor);
    expect(reply.err).toEqual({ code: 'UNAUTHENTICATED', message: 'Session ended' });
    expect(reply.response).toBeUndefined();
  };

  it('after logout, that session is refused and the same user’s other session goes on', async () => {
    const ended = await signIn(a.email, a.password);
    const other = await signIn(a.email, a.password);
    expect((await usersWith(ended)).err).toBeUndefined(); // verified and remembered
    const out = await raw(IdentityLogout, { actor: a.actor }, { [SESSION_TOKEN_HEADER]: ended });
    expect(out.err).toBeUndefined();
    await refusedSoon(ended);
    expect((await usersWith(other)).err).toBeUndefined();
  });

  it('after a password change, every earlier session of that user is refused', async () => {
    const c = await registerCompany(h.client, { customerName: 'Company C', userName: 'Cara C' });
    const first = await signIn(c.email, PASSWORD);
    const second = await signIn(c.email, PASSWORD);
    expect((await usersWith(second, c.actor)).err).toBeUndefined();
    const changed = await raw(
      IdentityChangePassword,
      { actor: c.actor, currentPassword: PASSWORD, newPassword: 'another good password' },
      { [SESSION_TOKEN_HEADER]: first },
    );
    expect(changed.err).toBeUndefined();
    await refusedSoon(first, c.actor);
    await refusedSoon(second, c.actor);
    // The fresh token the change answers works.
    expect((await usersWith(changed.response!.token as string, c.actor)).err).toBeUndefined();
  });
});

describe('gateway subjects carry a one-use assertion the gateway signed for that subject and body', () => {
  /** Social sign-in for company A's admin: with a valid assertion it answers a session token. */
  const signIn = (): RequestOf<typeof IdentityOAuthSignIn> => ({
    provider: 'google',
    providerId: `google-${a.session.user.id}`,
    email: a.email,
    emailVerified: true,
    name: 'Anna A',
  });
  const assertion = (data: unknown, subject: string = IdentityOAuthSignIn.name, signer = h.gateway) =>
    signer.sign(subject, JSON.stringify(data));
  const withAssertion = (value: string) => ({ [GATEWAY_ASSERTION_HEADER]: value });
  const expectRefused = (reply: RawReply) => {
    expect(reply.err).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(reply.response).toBeUndefined();
  };

  it('answers a session token with a valid assertion (the gateway’s own flow)', async () => {
    // As if A's admin had proved the address (a reset link): a provider may then be linked by it.
    await h.app.database.withSystem((tx) =>
      tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, a.session.user.id)),
    );
    const data = signIn();
    const reply = await raw(IdentityOAuthSignIn, data, withAssertion(await assertion(data)));
    expect(reply.err).toBeUndefined();
    expect(reply.response).toMatchObject({ status: 'signed_in', session: { token: expect.any(String) } });
  });

  it('refuses identity.auth.oauth.sign-in.v1 without an assertion', async () => {
    expectRefused(await raw(IdentityOAuthSignIn, signIn()));
  });

  it('refuses an assertion signed by another key', async () => {
    const data = signIn();
    const forger = await GatewayAssertionSigner.fromPem(ed25519KeyPair().privateKey, 'forger');
    expectRefused(
      await raw(IdentityOAuthSignIn, data, withAssertion(await assertion(data, undefined, forger))),
    );
  });

  it('refuses an expired assertion', async () => {
    const data = signIn();
    const late = await GatewayAssertionSigner.fromPem(
      h.env.GATEWAY_PRIVATE_KEY!,
      'gateway',
      () => Date.now() - 120_000,
    );
    expectRefused(
      await raw(IdentityOAuthSignIn, data, withAssertion(await assertion(data, undefined, late))),
    );
  });

  it('refuses an assertion made for another subject with the same body', async () => {
    const data = signIn();
    expectRefused(
      await raw(IdentityOAuthSignIn, data, withAssertion(await assertion(data, IdentityLogin.name))),
    );
  });

  it('refuses an assertion made for another body (another email)', async () => {
    const data = signIn();
    const signed = await assertion({ ...data, email: uniqueEmail('innocent') });
    expectRefused(await raw(IdentityOAuthSignIn, data, withAssertion(signed)));
  });

  it('refuses an assertion used a second time', async () => {
    const data = signIn();
    const once = await assertion(data);
    expect((await raw(IdentityOAuthSignIn, data, withAssertion(once))).err).toBeUndefined();
    expectRefused(await raw(IdentityOAuthSignIn, data, withAssertion(once)));
  });
});
