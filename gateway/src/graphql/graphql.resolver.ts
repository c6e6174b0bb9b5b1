import { Context, Query, Resolver } from '@nestjs/graphql';
import { Inject } from '@nestjs/common';
import { IdentityProfileGet, IdentityUsersList, type Actor, type TypedClient } from '@planted/contracts';
import { SessionTokenVerifier } from '@planted/messaging';
import { BUS } from '../bus/tokens';
import { toGraphQLError, verifiedActor, type GqlContext } from './graphql-caller';
import { MeModel, UserModel } from './graphql.models';

/** Same rules as REST: bearer token required, company taken from it, errors keep their codes. */
@Resolver()
export class IdentityResolver {
  constructor(
    @Inject(BUS) private readonly bus: TypedClient,
    @Inject(SessionTokenVerifier) private readonly verifier: SessionTokenVerifier,
  ) {}

  private actor(ctx: GqlContext): Promise<Actor> {
    return verifiedActor(this.verifier, ctx);
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
