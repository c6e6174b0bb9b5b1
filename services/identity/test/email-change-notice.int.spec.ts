import { IdentityProfileUpdate } from '@planted/contracts';
import {
  registerCompany,
  startIdentity,
  uniqueEmail,
  type IdentityHarness,
} from './support/identity-harness';

let h: IdentityHarness;

beforeAll(async () => {
  h = await startIdentity({ smtp: true });
});

afterAll(async () => {
  await h?.close();
});

/** The mail's text without quoted-printable's soft line breaks. */
const textOf = (raw: string) => raw.replace(/=\r?\n/g, '');

describe('a changed sign-in email (the old address is told)', () => {
  it('sends the address it replaces a notice naming the new one; a name change or a change of case sends none', async () => {
    const alice = await registerCompany(h.client, { userName: 'Alice Admin' });
    await h.client.send(IdentityProfileUpdate, {
      actor: alice.actor,
      name: 'Alice Renamed',
      email: alice.email,
    });
    await h.client.send(IdentityProfileUpdate, {
      actor: alice.actor,
      name: 'Alice Renamed',
      email: alice.email.toUpperCase(),
    });
    const newEmail = uniqueEmail('alice-new');
    await h.client.send(IdentityProfileUpdate, {
      actor: alice.actor,
      name: 'Alice Renamed',
      email: newEmail,
    });

    const notice = await h.smtp!.waitForMailTo(alice.email);
    expect(notice.raw).toMatch(/^Subject: Your Planted sign-in email was changed\r?$/m);
    const text = textOf(notice.raw);
    expect(text).toContain('Hello Alice Renamed,');
    expect(text).toContain(`was changed to ${newEmail} at `);
    expect(text).toContain('ask an administrator of your company');
    // One notice, to the old address only: the name and case changes sent nothing.
    expect(h.smtp!.mailsTo(alice.email)).toHaveLength(1);
    expect(h.smtp!.mailsTo(newEmail)).toHaveLength(0);
  });
});
