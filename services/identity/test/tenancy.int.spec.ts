import { sql } from 'drizzle-orm';
import { inviteTokenFrom } from '@planted/testing';
import {
  IdentityChangePassword,
  IdentityCustomerGet,
  IdentityInvitationAccept,
  IdentityInvitationCreate,
  IdentityLanguageSet,
  IdentityProfileGet,
  IdentityProfilePictureSet,
  IdentityProfileUpdate,
  IdentityUsersList,
  IdentityVerify,
  type Actor,
} from '@planted/contracts';
import { invitations, users } from '../src/db/schema';
import {
  errorOf,
  PASSWORD,
  registerCompany,
  startIdentity,
  uniqueEmail,
  type IdentityHarness,
} from './support/identity-harness';

let h: IdentityHarness;
let a: Awaited<ReturnType<typeof registerCompany>>;
let b: Awaited<ReturnType<typeof registerCompany>>;

beforeAll(async () => {
  h = await startIdentity({ smtp: true });
  a = await registerCompany(h.client, { customerName: 'Company A', userName: 'Anna A' });
  b = await registerCompany(h.client, { customerName: 'Company B', userName: 'Ben B' });
  // A second user in A, so A's list has more than the token's own user.
  const email = uniqueEmail('a-second');
  await h.client.send(IdentityInvitationCreate, { actor: a.actor, email, name: 'Zed A', role: 'user' });
  const token = inviteTokenFrom(await h.smtp!.waitForMailTo(email));
  await h.client.send(IdentityInvitationAccept, { token, name: 'Zed A', password: PASSWORD });
});

afterAll(async () => {
  await h?.close();
});

/** B's admin pretending to be A's user: B's company in the token, A's user id in the payload. */
const forged = (): Actor => ({ ...b.actor, userId: a.actor.userId });
/** A's user id with A's company, but claimed by someone who is not A (the gateway never builds this; it proves RLS, not the gateway). */
const crossed = (): Actor => ({ ...a.actor, customerId: b.actor.customerId });

describe('company isolation (design: tenant from the verified token, RLS behind every query)', () => {
  it("lists only the actor's company users, ordered by name", async () => {
    const listA = await h.client.send(IdentityUsersList, { actor: a.actor });
    const listB = await h.client.send(IdentityUsersList, { actor: b.actor });
    expect(listB.users.map((u) => u.id)).toEqual([b.session.user.id]);
    expect(listB.users.every((u) => u.customer_id === b.session.customer.id)).toBe(true);
    expect(listA.users.every((u) => u.customer_id === a.session.customer.id)).toBe(true);
    expect(listA.users.map((u) => u.name)).toEqual(['Anna A', 'Zed A']);
  });

  it("B cannot read A's user or company with A's user id", async () => {
    for (const actor of [forged(), crossed()]) {
      expect((await errorOf(h.client.send(IdentityVerify, { actor }))).code).toBe('UNAUTHENTICATED');
      expect((await errorOf(h.client.send(IdentityProfileGet, { actor }))).code).toBe('UNAUTHENTICATED');
      expect((await errorOf(h.client.send(IdentityCustomerGet, { actor }))).code).toBe('UNAUTHENTICATED');
      expect((await errorOf(h.client.send(IdentityUsersList, { actor }))).code).toBe('UNAUTHENTICATED');
    }
  });

  it("B cannot change A's user with A's user id", async () => {
    const actor = forged();
    expect(
      (
        await errorOf(
          h.client.send(IdentityProfileUpdate, { actor, name: 'Hacked', email: uniqueEmail('hacked') }),
        )
      ).code,
    ).toBe('UNAUTHENTICATED');
    expect((await errorOf(h.client.send(IdentityLanguageSet, { actor, language: 'es' }))).code).toBe(
      'UNAUTHENTICATED',
    );
    expect(
      (await errorOf(h.client.send(IdentityProfilePictureSet, { actor, profile_picture_url: '/x.jpg' })))
        .code,
    ).toBe('UNAUTHENTICATED');
    expect(
      (
        await errorOf(
          h.client.send(IdentityChangePassword, {
            actor,
            currentPassword: PASSWORD,
            newPassword: 'taken over',
          }),
        )
      ).code,
    ).toBe('UNAUTHENTICATED');
    expect(
      (
        await errorOf(
          h.client.send(IdentityInvitationCreate, { actor, email: uniqueEmail('x'), role: 'admin' }),
        )
      ).code,
    ).toBe('UNAUTHENTICATED');

    const unchanged = await h.client.send(IdentityProfileGet, { actor: a.actor });
    expect(unchanged.user).toMatchObject({
      name: 'Anna A',
      email: a.email,
      language_preference: null,
      profile_picture_url: null,
    });
  });

  it.each(['withTenant', 'readAsTenant'] as const)(
    "row-level security: a raw query inside %s(B) sees none of A's rows",
    async (scope) => {
      const seen = await h.app.database[scope](b.actor.customerId, async (tx) => {
        const all = await tx.select({ id: users.id, customerId: users.customerId }).from(users);
        const aRows = await tx.execute(
          sql`select id from identity.users where customer_id = ${a.actor.customerId}`,
        );
        const companies = await tx.execute(sql`select id from identity.customers`);
        const aInvitations = await tx
          .select()
          .from(invitations)
          .where(sql`${invitations.customerId} = ${a.actor.customerId}`);
        return { all, aRows: aRows.rows, companies: companies.rows, aInvitations };
      });
      expect(seen.all.length).toBeGreaterThan(0);
      expect(seen.all.every((u) => u.customerId === b.actor.customerId)).toBe(true);
      expect(seen.aRows).toEqual([]);
      expect(seen.companies).toEqual([{ id: b.actor.customerId }]);
      expect(seen.aInvitations).toEqual([]);
    },
  );

  it("row-level security: withTenant(B) can neither update A's rows nor insert rows for A", async () => {
    const updated = await h.app.database.withTenant(b.actor.customerId, (tx) =>
      tx.execute(sql`update identity.users set name = 'Hacked' where id = ${a.actor.userId}`),
    );
    expect(updated.rowCount).toBe(0);
    const insert = h.app.database.withTenant(b.actor.customerId, (tx) =>
      tx
        .insert(users)
        .values({ customerId: a.actor.customerId, name: 'Mole', email: uniqueEmail('mole'), role: 'admin' }),
    );
    await expect(insert).rejects.toThrow();
    const [row] = await h.app.database.withTenant(a.actor.customerId, (tx) =>
      tx
        .select({ name: users.name })
        .from(users)
        .where(sql`${users.id} = ${a.actor.userId}`),
    );
    expect(row?.name).toBe('Anna A');
  });
});
