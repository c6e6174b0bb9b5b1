import { createServer, type AddressInfo } from 'node:net';

/**
 * A loopback port nothing listens on right now (the OS picks it). Another process can
 * take it before the caller binds it; callers that can, retry.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
