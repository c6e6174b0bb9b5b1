import { escapeHtml, formatDate, type EmailContent } from './invitation-email';

export interface EmailChangedEmailInput {
  name: string;
  /** The address the account signs in with from now on. */
  newEmail: string;
  changedAt: Date;
}

/**
 * The notice to the address an account used to sign in with: what it was changed to and
 * when, and what to do when it was not the owner (the new address now gets the resets).
 */
export function emailChangedEmail(input: EmailChangedEmailInput): EmailContent {
  const greeting = `Hello ${input.name},`;
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  }).format(input.changedAt);
  const what = `The email address you sign in to Planted with was changed to ${input.newEmail} at ${time} on ${formatDate(input.changedAt)} (UK time).`;
  const after =
    'Sign-in and password reset emails now go to that address, and every other session was signed out.';
  const notYou =
    'If you did not make this change, ask an administrator of your company to check your account straight away.';
  return {
    subject: 'Your Planted sign-in email was changed',
    text: [greeting, '', what, after, '', notYou, ''].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(what)} ${escapeHtml(after)}</p>`,
      `<p>${escapeHtml(notYou)}</p>`,
    ].join('\n'),
  };
}
