import { acceptInviteUrl, invitationEmail } from './invitation-email';

describe('invitation email', () => {
  const url = acceptInviteUrl('http://localhost:3000/', 'abc_DEF-123');

  it('links to /accept-invite of the web app with the token', () => {
    expect(url).toBe('http://localhost:3000/accept-invite?token=abc_DEF-123');
  });

  it('names inviter, company, link and expiry in text and html', () => {
    const mail = invitationEmail({
      inviteeName: 'Ivy',
      inviterName: 'Ada Admin',
      companyName: 'Acme Plant Ltd',
      acceptUrl: url,
      expiresAt: new Date('2025-03-08T12:00:00Z'),
    });
    expect(mail.subject).toBe('You have been invited to join Acme Plant Ltd on Planted');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(url);
      expect(body).toContain('Ada Admin has invited you to join Acme Plant Ltd on Planted.');
      expect(body).toContain('8 Mar 2025');
    }
    expect(mail.text.startsWith('Hello Ivy,')).toBe(true);
  });

  it('escapes names in the html body', () => {
    const mail = invitationEmail({
      inviteeName: null,
      inviterName: '<script>alert(1)</script>',
      companyName: 'Smith & Sons',
      acceptUrl: url,
      expiresAt: new Date(),
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('Smith &amp; Sons');
    expect(mail.text.startsWith('Hello,')).toBe(true);
  });
});
