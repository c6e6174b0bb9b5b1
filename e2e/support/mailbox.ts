import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeQuotedPrintable, type ReceivedMail as StoredMail } from '@planted/testing';
import { e2eEnv } from './state';

function readMailbox(): StoredMail[] {
  const dir = e2eEnv('mailboxDir');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as StoredMail);
}

/** The first email the fake SMTP server received for `address`, waiting for it if need be. */
export async function waitForMailTo(address: string, timeoutMs = 20_000): Promise<StoredMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = readMailbox().find((m) =>
      m.to.map((to) => to.toLowerCase()).includes(address.toLowerCase()),
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no email to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The subject line of a message (RFC 2047 encoded words are left as they are). */
export function subjectOf(mail: StoredMail): string {
  return /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail.raw)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '';
}

/** The accept-invite link of an invitation email. */
export function acceptLinkFrom(mail: StoredMail): string {
  const match = /https?:\/\/[^\s"<>]+\/accept-invite\?token=[A-Za-z0-9_%-]+/.exec(
    decodeQuotedPrintable(mail.raw),
  );
  if (!match) throw new Error(`no accept link in:\n${mail.raw}`);
  return match[0];
}

/** The path and query of the reset-password link of a password reset email. */
export function resetPathFrom(mail: StoredMail): string {
  const match = /https?:\/\/[^\s"<>/]+(\/reset-password\?token=[A-Za-z0-9_%-]+)/.exec(
    decodeQuotedPrintable(mail.raw),
  );
  if (!match) throw new Error(`no reset link in:\n${mail.raw}`);
  return match[1]!;
}
