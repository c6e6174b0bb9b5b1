import { Context, Query, Resolver } from '@nestjs/graphql';
import { Inject } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import {
  IdentityProfileGet,
  IdentityUsersList,
  ServiceError,
  type Actor,
  type TypedClient,
} from '@planted/contracts';
import { bearerToken } from '../auth/auth.guard';
import { TokenVerifier } from '../auth/token-verifier';
import { BUS } from '../bus/tokens';
import { httpStatusFor } from '../errors/error-status';
import { MeModel, UserModel } from './graphql.models';

interface GqlContext {
  req: FastifyRequest;
}

/** Same rules as REST: bearer token required, company taken from it, errors keep their codes. */
@Resolver()
export class IdentityResolver {
  constructor(
    @Inject(BUS) private readonly bus: TypedClient,
    @Inject(TokenVerifier) private readonly verifier: TokenVerifier,
  ) {}

  private async actor(ctx: GqlContext): Promise<Actor> {
    const token = bearerToken(ctx.req.headers.authorization);
    if (!token) throw toGraphQLError(new ServiceError('UNAUTHENTICATED', 'Authentication required'));
    try {
      return await this.verifier.verify(token);
    } catch (err) {
      throw toGraphQLError(err);
    }
  }

  @Query(() => MeModel, { description: 'The signed-in user and company' })
  async me(@Context() ctx: GqlContext) {
    const actor = await this.actor(ctx);
    return this.bus.send(IdentityProfileGet, { actor }).catch((err) => Promise.reject(toGraphQLError(err)));
  }

  @Query(() => [UserModel], { description: "The users of the signed-in user's company" })
  async users(@Context() ctx: GqlContext) {
    const actor = await this.actor(ctx);
    const { users } = await this.bus
      .send(IdentityUsersList, { actor })
      .catch((err) => Promise.reject(toGraphQLError(err)));
    return users;
  }
}

function toGraphQLError(err: unknown): GraphQLError {
  if (err instanceof ServiceError) {
    const status = httpStatusFor(err.code);
    const message = status >= 500 ? 'Internal server error' : err.message;
    return new GraphQLError(message, { extensions: { code: err.code, status } });
  }
  return new GraphQLError('Internal server error', { extensions: { code: 'INTERNAL', status: 500 } });
}
