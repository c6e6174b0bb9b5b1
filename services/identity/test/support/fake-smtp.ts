import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { waitFor } from '@planted/testing';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server that keeps every message it receives. */
export class FakeSmtp {
  readonly messages: ReceivedMail[] = [];
  private readonly server: SMTPServer;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
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
export function inviteTokenFrom(mail: ReceivedMail): string {
  const match = /accept-invite\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(mail.raw));
  if (!match) throw new Error(`no accept link in:\n${mail.raw}`);
  return match[1]!;
}
