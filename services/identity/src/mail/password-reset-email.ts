import { escapeHtml, formatDate, type EmailContent } from './invitation-email';

export interface PasswordResetEmailInput {
  name: string;
  resetUrl: string;
  expiresAt: Date;
}

/** The reset email: the link, until when it works, and what to do when it was not you. */
export function passwordResetEmail(input: PasswordResetEmailInput): EmailContent {
  const greeting = `Hello ${input.name},`;
  const intro = 'Someone asked to reset the password of your Planted account.';
  const action = 'Choose a new password here:';
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  }).format(input.expiresAt);
  const expiry = `This link works once, until ${time} on ${formatDate(input.expiresAt)} (UK time).`;
  const ignore = 'If you did not ask for this, you can ignore this email: your password stays as it is.';
  return {
    subject: 'Reset your Planted password',
    text: [greeting, '', intro, '', action, input.resetUrl, '', expiry, ignore, ''].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p><a href="${escapeHtml(input.resetUrl)}">Reset password</a></p>`,
      `<p>${escapeHtml(action)}<br>${escapeHtml(input.resetUrl)}</p>`,
      `<p>${escapeHtml(expiry)} ${escapeHtml(ignore)}</p>`,
    ].join('\n'),
  };
}

/** The reset-password link of the web app for a token. */
export function resetPasswordUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
}
