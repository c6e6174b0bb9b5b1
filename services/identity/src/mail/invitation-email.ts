export interface InvitationEmailInput {
  inviteeName: string | null;
  inviterName: string;
  companyName: string;
  acceptUrl: string;
  expiresAt: Date;
}

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

export const formatDate = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(date);

/** The invitation email: who invites, to which company, the accept link and until when it works. */
export function invitationEmail(input: InvitationEmailInput): EmailContent {
  const greeting = input.inviteeName ? `Hello ${input.inviteeName},` : 'Hello,';
  const invite = `${input.inviterName} has invited you to join ${input.companyName} on Planted.`;
  const action = 'Accept the invitation and choose your password here:';
  const expiry = `This invitation expires on ${formatDate(input.expiresAt)} and can be used once.`;
  const ignore = 'If you were not expecting this invitation, you can ignore this email.';

  return {
    subject: `You have been invited to join ${input.companyName} on Planted`,
    text: [greeting, '', invite, '', action, input.acceptUrl, '', expiry, ignore, ''].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(invite)}</p>`,
      `<p><a href="${escapeHtml(input.acceptUrl)}">Accept invitation</a></p>`,
      `<p>${escapeHtml(action)}<br>${escapeHtml(input.acceptUrl)}</p>`,
      `<p>${escapeHtml(expiry)} ${escapeHtml(ignore)}</p>`,
    ].join('\n'),
  };
}

/** The accept-invite link of the web app for a token. */
export function acceptInviteUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/accept-invite?token=${encodeURIComponent(token)}`;
}
