import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  /** The body exactly as it arrived, which is what signatures are checked against. */
  body: string;
  headers: IncomingHttpHeaders;
}

/**
 * A webhook endpoint on a free port that records what it receives. `failFirst` answers the
 * first n deliveries with 500, to see retries.
 */
export async function startWebhookReceiver(options: { failFirst?: number } = {}) {
  const received: ReceivedWebhook[] = [];
  let failuresLeft = options.failFirst ?? 0;
  let waiters: { predicate: () => boolean; resolve: () => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        res.writeHead(500).end('not now');
        return;
      }
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      waiters = waiters.filter((waiter) => {
        if (!waiter.predicate()) return true;
        waiter.resolve();
        return false;
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    received,
    /** Event types received so far, in arrival order. */
    types: () => received.map((webhook) => (JSON.parse(webhook.body) as { type: string }).type),
    /** Resolves when a webhook of this type has arrived; fails after timeoutMs. */
    waitFor(type: string, timeoutMs = 5_000): Promise<ReceivedWebhook> {
      const find = () =>
        received.find((webhook) => (JSON.parse(webhook.body) as { type: string }).type === type);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no ${type} webhook within ${timeoutMs} ms`)),
          timeoutMs,
        );
        const done = () => {
          clearTimeout(timer);
          resolve(find()!);
        };
        if (find()) done();
        else waiters.push({ predicate: () => find() !== undefined, resolve: done });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
