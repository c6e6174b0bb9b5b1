import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import type { NatsConnection } from 'nats';
import { Pool } from 'pg';
import { Public } from '../auth/auth.guard';
import { GATEWAY_CONFIG, NATS_CONNECTION, REDIS } from '../bus/tokens';
import type { GatewayConfig } from '../config';

async function check(name: string, fn: () => Promise<unknown>, timeoutMs = 1500): Promise<[string, string]> {
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs)),
    ]);
    return [name, 'ok'];
  } catch (err) {
    return [name, err instanceof Error ? err.message : String(err)];
  }
}

@ApiExcludeController()
@Controller()
export class HealthController {
  private readonly pg: Pool;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.pg = new Pool({ connectionString: config.DATABASE_URL, max: 1, connectionTimeoutMillis: 1000 });
    this.pg.on('error', () => undefined);
  }

  @Public()
  @Get('healthz')
  healthz() {
    return { status: 'ok' };
  }

  /** Ready when PostgreSQL, NATS and Redis all answer. */
  @Public()
  @Get('readyz')
  async readyz(@Res() reply: FastifyReply) {
    const results = await Promise.all([
      check('postgres', () => this.pg.query('select 1')),
      check('nats', () => (this.nc.isClosed() ? Promise.reject(new Error('closed')) : this.nc.flush())),
      check('redis', () => this.redis.ping()),
    ]);
    const checks = Object.fromEntries(results);
    const ready = results.every(([, v]) => v === 'ok');
    void reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  }

  async onModuleDestroy() {
    await this.pg.end().catch(() => undefined);
  }
}
