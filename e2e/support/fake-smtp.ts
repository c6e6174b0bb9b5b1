import { renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** What the fake SMTP server keeps of one message (one JSON file per message in the mailbox dir). */
export interface StoredMail {
  from: string;
  to: string[];
  raw: string;
  receivedAt: string;
}

/**
 * A local SMTP server (same approach as services/identity/test/support/fake-smtp.ts) that
 * writes every message it receives into a directory. It runs in Jest's global setup; the
 * test files read the directory (support/mailbox.ts), since they run in other processes.
 */
export class FakeSmtp {
  private readonly server: SMTPServer;
  private count = 0;

  constructor(private readonly mailboxDir: string) {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const mail: StoredMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
            receivedAt: new Date().toISOString(),
          };
          this.count += 1;
          const file = path.join(this.mailboxDir, `${String(this.count).padStart(4, '0')}.json`);
          // Written whole under a temporary name, then renamed, so a reader never sees half a file.
          writeFileSync(`${file}.tmp`, JSON.stringify(mail));
          renameSync(`${file}.tmp`, file);
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
}
