import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import type { NatsConnection } from 'nats';
import { Public } from '../auth/auth.guard';
import { NATS_CONNECTION, REDIS } from '../bus/tokens';

async function check(name: string, fn: () => Promise<unknown>, timeoutMs = 1500): Promise<[string, string]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return [name, 'ok'];
  } catch (err) {
    return [name, err instanceof Error ? err.message : String(err)];
  } finally {
    clearTimeout(timer);
  }
}

/**
 * /healthz: the process runs. /readyz: the gateway can serve, which takes NATS alone: every
 * answer comes from a service over the bus. Redis is reported too but does not make the
 * gateway unready: without it the calls that need it answer 503 (sign-in and its attempt
 * limits, social sign-in, the call quotas, saves sent with an Idempotency-Key) while reads
 * and the rest still work; one evicted Redis pod taking every gateway out of its Service at
 * once, so that nothing at all is served, would be worse (AR-7). The gateway has no
 * database of its own; each service's /readyz checks its PostgreSQL.
 */
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(REDIS) private readonly redis: Pick<Redis, 'ping'>,
  ) {}

  @Public()
  @Get('healthz')
  healthz() {
    return { status: 'ok' };
  }

  @Public()
  @Get('readyz')
  async readyz(@Res() reply: FastifyReply) {
    const [nats, redis] = await Promise.all([
      check('nats', () => (this.nc.isClosed() ? Promise.reject(new Error('closed')) : this.nc.flush())),
      check('redis', () => this.redis.ping()),
    ]);
    const ready = nats[1] === 'ok';
    const degraded = ready && redis[1] !== 'ok';
    void reply.status(ready ? 200 : 503).send({
      status: ready ? (degraded ? 'degraded' : 'ready') : 'not ready',
      checks: { nats: nats[1], redis: redis[1] },
    });
  }
}
