import 'reflect-metadata';
import {
  Controller,
  Injectable,
  Module,
  Scope,
  UseGuards,
  UseInterceptors,
  type CallHandler,
  type CanActivate,
  type NestInterceptor,
} from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import { Ctx, type NatsContext } from '@nestjs/microservices';
import { z } from 'zod';
import { defineRequest, ServiceError, type ParsedRequestOf } from '@planted/contracts';
import { createLogger } from '@planted/logging';
import { PrefixedNatsServer, ServiceErrorFilter } from '@planted/messaging';
import { Handles } from '../nats/handles';
import { directHandlers } from './direct-handlers';

const subject = (name: string) =>
  defineRequest(name, z.object({ n: z.number() }), z.object({ n: z.number() }), { caller: 'public' });
const Plain = subject('direct-test.plain.v1');
const Guarded = subject('direct-test.guarded.v1');
const Intercepted = subject('direct-test.intercepted.v1');
const WithContext = subject('direct-test.with-context.v1');
const Scoped = subject('direct-test.scoped.v1');

class AllowAll implements CanActivate {
  canActivate() {
    return true;
  }
}
class PassThrough implements NestInterceptor {
  intercept(_context: unknown, next: CallHandler) {
    return next.handle();
  }
}

@Controller()
class PlainHandlers {
  private readonly offset = 1;

  @Handles(Plain)
  plain(input: ParsedRequestOf<typeof Plain>) {
    return { n: input.n + this.offset };
  }

  @UseInterceptors(PassThrough)
  @Handles(Intercepted)
  intercepted(input: ParsedRequestOf<typeof Intercepted>) {
    return input;
  }

  @Handles(WithContext)
  withContext(input: ParsedRequestOf<typeof WithContext>, @Ctx() _ctx?: NatsContext) {
    return input;
  }
}

@UseGuards(AllowAll)
@Controller()
class GuardedHandlers {
  @Handles(Guarded)
  guarded(input: ParsedRequestOf<typeof Guarded>) {
    return input;
  }
}

@Injectable({ scope: Scope.REQUEST })
class PerRequest {}

@Controller()
class ScopedHandlers {
  constructor(readonly perRequest: PerRequest) {}

  @Handles(Scoped)
  scoped(input: ParsedRequestOf<typeof Scoped>) {
    return input;
  }
}

@Module({ controllers: [PlainHandlers, GuardedHandlers, ScopedHandlers], providers: [PerRequest] })
class HandlersModule {}

@Module({ imports: [HandlersModule], providers: [{ provide: APP_GUARD, useClass: AllowAll }] })
class GloballyGuardedModule {}

const logger = createLogger('direct-handlers-test', { level: 'silent' });

async function appOf(module: object) {
  // Never listens: Nest connects to NATS only in listen().
  const app = await NestFactory.createMicroservice(module as never, {
    strategy: new PrefixedNatsServer({ servers: 'nats://127.0.0.1:1' }, 'direct-test'),
    logger: false,
  });
  const filter = new ServiceErrorFilter(logger);
  app.useGlobalFilters(filter);
  return { app, filter };
}

describe('directHandlers', () => {
  it('serves directly only the handlers with nothing but their payload pipe around them', async () => {
    const { app, filter } = await appOf(HandlersModule);
    const handlers = directHandlers(app, filter);
    expect([...handlers.keys()]).toEqual([Plain.name]);
    // Bound to its controller, with the payload parsed by the subject's schema.
    expect(handlers.get(Plain.name)!({ n: 1, unknown: true })).toEqual({ n: 2 });
    let refusal: unknown;
    try {
      handlers.get(Plain.name)!({ n: 'one' });
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(ServiceError);
    expect(refusal).toMatchObject({ code: 'VALIDATION_FAILED' });
    await app.close();
  });

  it('serves none directly when the app has a global enhancer or another filter', async () => {
    const guarded = await appOf(GloballyGuardedModule);
    expect(directHandlers(guarded.app, guarded.filter).size).toBe(0);
    await guarded.app.close();
    const { app } = await appOf(HandlersModule);
    expect(directHandlers(app, new ServiceErrorFilter(logger)).size).toBe(0);
    await app.close();
  });
});
