import { connect, type NatsConnection } from 'nats';
import { TestNatsServer } from '@planted/testing';
import { ensureEventStream, StartupError } from '../src';

jest.setTimeout(30_000);

// NATS_STREAM_REPLICAS: the event stream is made, and kept at each start, on that many nodes.
describe('ensureEventStream and NATS_STREAM_REPLICAS', () => {
  let server: TestNatsServer;
  let nc: NatsConnection;
  const stream = { name: 'KIT_REPLICAS', subjects: ['kit-replicas.thing.done.v1'], description: 'test' };

  beforeAll(async () => {
    server = await TestNatsServer.start();
    nc = await connect({ servers: server.url });
  });
  afterAll(async () => {
    await nc?.close();
    await server?.dispose();
  });

  it('makes the stream with the replicas asked for, and scales an existing one to them', async () => {
    const name = await ensureEventStream(nc, stream, 'run1', 0, 1);
    const jsm = await nc.jetstreamManager();
    expect((await jsm.streams.info(name)).config.num_replicas).toBe(1);
    await ensureEventStream(nc, stream, 'run1', 0, 1);
    expect((await jsm.streams.info(name)).config.num_replicas).toBe(1);
  });

  it('refuses to start with more replicas than a single nats-server has, naming the setting', async () => {
    const started = ensureEventStream(nc, stream, 'run2', 0, 3);
    await expect(started).rejects.toBeInstanceOf(StartupError);
    await expect(started).rejects.toThrow(
      /NATS_STREAM_REPLICAS is 3: that needs a JetStream cluster of at least 3 nodes/,
    );
  });
});
