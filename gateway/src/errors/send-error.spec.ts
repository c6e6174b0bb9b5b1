import Fastify from 'fastify';
import { IDEMPOTENCY } from '@planted/contracts';
import { createLogger } from '@planted/logging';
import { OutcomeUnknownError } from '@planted/messaging';
import { sendError, SERVICE_UNAVAILABLE } from './http-exception.filter';

describe('a reply that never came from the service (the gateway gave up waiting)', () => {
  const logger = createLogger('test', { level: 'silent' });
  const app = Fastify();
  for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const)
    app.route({
      method,
      url: '/thing',
      handler: (request, reply) =>
        sendError(reply, new OutcomeUnknownError('things.get.v1 timed out'), String(request.id), logger),
    });
  afterAll(() => app.close());

  it('is "temporarily unavailable" to a read, which changed nothing, and "outcome unknown" to a write', async () => {
    const answers = Object.fromEntries(
      await Promise.all(
        (['GET', 'POST', 'PUT', 'DELETE'] as const).map(async (method) => {
          const res = await app.inject({ method, url: '/thing' });
          return [method, [res.statusCode, res.json().error]] as const;
        }),
      ),
    );
    expect(answers).toEqual({
      GET: [503, SERVICE_UNAVAILABLE],
      POST: [503, IDEMPOTENCY.OUTCOME_UNKNOWN],
      PUT: [503, IDEMPOTENCY.OUTCOME_UNKNOWN],
      DELETE: [503, IDEMPOTENCY.OUTCOME_UNKNOWN],
    });
  });
});
