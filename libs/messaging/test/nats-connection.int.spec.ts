import type { Msg, NatsConnection } from 'nats';
import { uniqueName } from '@planted/testing';
import { coalesceWrites, connectNats } from '../src';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

interface Transport {
  send(frame: Uint8Array): void;
}

/** Counts the frames nats.js hands to its socket transport. */
function countWrites(nc: NatsConnection): { readonly count: number } {
  const transport = (nc as unknown as { protocol: { transport: Transport } }).protocol.transport;
  const send = transport.send.bind(transport);
  const counter = { count: 0 };
  transport.send = (frame) => {
    counter.count++;
    send(frame);
  };
  return counter;
}

/** Publishes one message from each of `n` callbacks that run in the same turn of the event loop. */
function publishFromSeparateCallbacks(nc: NatsConnection, subject: string, n: number): Promise<void> {
  return new Promise((resolve) => {
    for (let i = 0; i < n; i++) {
      setImmediate(() => {
        nc.publish(subject, new TextEncoder().encode(String(i)));
        if (i === n - 1) resolve();
      });
    }
  });
}

async function receive(nc: NatsConnection, subject: string, n: number): Promise<string[]> {
  const sub = nc.subscribe(subject, { max: n });
  await nc.flush();
  return (async () => {
    const got: string[] = [];
    for await (const m of sub as AsyncIterable<Msg>) got.push(new TextDecoder().decode(m.data));
    return got;
  })();
}

describe('connectNats: socket writes coalesced per event-loop turn', () => {
  let coalesced: NatsConnection;
  let plain: NatsConnection;
  let listener: NatsConnection;

  beforeAll(async () => {
    coalesced = await connectNats(NATS_URL, 'coalesce-test');
    plain = await connectNats(NATS_URL, 'coalesce-test-plain');
    listener = await connectNats(NATS_URL, 'coalesce-test-listener');
  });

  afterAll(async () => {
    await Promise.all([coalesced?.close(), plain?.close(), listener?.close()]);
  });

  it('sends the messages of 20 callbacks of one turn in one write, and delivers each in order', async () => {
    const subject = uniqueName('coalesce');
    const received = receive(listener, subject, 20);
    await coalesced.flush();
    const writes = countWrites(coalesced);
    await publishFromSeparateCallbacks(coalesced, subject, 20);
    expect(await received).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
    expect(writes.count).toBe(1);
  });

  it('is what makes the difference: nats.js alone writes once per callback', async () => {
    // `plain` gets nats.js's own sendCommand back, to show the test can tell them apart.
    const protocol = (plain as unknown as { protocol: { sendCommand: unknown } }).protocol;
    delete (protocol as { sendCommand?: unknown }).sendCommand;
    const subject = uniqueName('plain');
    const received = receive(listener, subject, 20);
    await plain.flush();
    const writes = countWrites(plain);
    await publishFromSeparateCallbacks(plain, subject, 20);
    expect(await received).toHaveLength(20);
    expect(writes.count).toBe(20);
  });

  it('still answers requests, and leaves a connection of another shape alone', async () => {
    const subject = uniqueName('echo');
    const sub = listener.subscribe(subject, { callback: (_err, m) => m.respond(m.data) });
    await listener.flush();
    const reply = await coalesced.request(subject, new TextEncoder().encode('ping'), { timeout: 2000 });
    expect(new TextDecoder().decode(reply.data)).toBe('ping');
    sub.unsubscribe();
    expect(coalesceWrites({} as NatsConnection)).toBe(false);
  });
});
