import {
  createParamDecorator,
  Inject,
  Injectable,
  SetMetadata,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ServiceError, type Actor } from '@planted/contracts';
import { setSessionToken } from '@planted/logging';
import { SessionTokenVerifier } from '@planted/messaging';

const IS_PUBLIC = 'planted:isPublic';

/** Marks a route that needs no session token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export type AuthedRequest = FastifyRequest & { actor?: Actor };

export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(value);
  return match?.[1];
}

/**
 * The actor of a request's bearer token: verified with identity's pinned keys, its session
 * not ended. The token is put into the request context, so every bus call made for the
 * request carries it and the service checks it again (trust on the bus).
 */
export async function verifyBearer(
  verifier: SessionTokenVerifier,
  authorization: string | string[] | undefined,
): Promise<Actor> {
  const token = bearerToken(authorization);
  const actor = await verifier.verify(token);
  setSessionToken(token!);
  return actor;
}

/** Every route needs a valid bearer token unless marked @Public(). */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(SessionTokenVerifier) private readonly verifier: SessionTokenVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    request.actor = await verifyBearer(this.verifier, request.headers.authorization);
    return true;
  }
}

/** The verified caller of a protected route. */
export const CurrentActor = createParamDecorator((_data: unknown, context: ExecutionContext): Actor => {
  const request = context.switchToHttp().getRequest<AuthedRequest>();
  if (!request.actor) throw new ServiceError('UNAUTHENTICATED', 'Authentication required');
  return request.actor;
});
