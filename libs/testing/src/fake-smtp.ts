import { renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { waitFor } from './wait';

/** What the fake SMTP server keeps of one message. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  receivedAt: string;
}

/**
 * A local SMTP server that keeps every message it receives, for tests of the invitation
 * email. With `mailboxDir` it also writes each message there as a JSON file, for tests
 * that read the mail from another process (the browser tests start it in Jest's global setup).
 */
export class FakeSmtp {
  readonly messages: ReceivedMail[] = [];
  private readonly server: SMTPServer;

  constructor(private readonly options: { mailboxDir?: string } = {}) {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const mail: ReceivedMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
            receivedAt: new Date().toISOString(),
          };
          this.messages.push(mail);
          if (this.options.mailboxDir) this.store(this.options.mailboxDir, mail);
          callback();
        });
      },
    });
  }

  private store(dir: string, mail: ReceivedMail): void {
    const file = path.join(dir, `${String(this.messages.length).padStart(4, '0')}.json`);
    // Written whole under a temporary name, then renamed, so a reader never sees half a file.
    writeFileSync(`${file}.tmp`, JSON.stringify(mail));
    renameSync(`${file}.tmp`, file);
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  waitForMailTo(address: string): Promise<ReceivedMail> {
    return waitFor(() => this.messages.find((m) => m.to.includes(address)));
  }

  mailsTo(address: string): ReceivedMail[] {
    return this.messages.filter((m) => m.to.includes(address));
  }
}

/** Undoes quoted-printable soft breaks and escapes so links can be read from the raw message. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The invitation token in the accept link of a received email. */
export function inviteTokenFrom(mail: Pick<ReceivedMail, 'raw'>): string {
  const match = /accept-invite\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(mail.raw));
  if (!match) throw new Error(`no accept link in:\n${mail.raw}`);
  return match[1]!;
}
