import { Inject } from '@nestjs/common';
import { Args, Context, Int, Query, Resolver } from '@nestjs/graphql';
import { HiresList, HiresSitesList, type TypedClient } from '@planted/contracts';
import { SessionTokenVerifier } from '@planted/messaging';
import { BUS } from '../bus/tokens';
import { parseInput } from '../validation/parse';
import { asCaller, given, type GqlContext } from './graphql-caller';
import { HirePageModel, SitePageModel } from './hires.models';

const PAGE = { type: () => Int, nullable: true, description: 'From 1 (default 1)' };
const LIMIT = { type: () => Int, nullable: true, description: 'Items a page: 12 by default, up to 1000' };
const SEARCH = { type: () => String, nullable: true };
const STATUS = {
  type: () => String,
  nullable: true,
  description: 'Comma-separated: active, completed, collection_booked (default active,collection_booked)',
};

// The list payloads less the caller, who comes from the token, never from arguments.
const hiresQuery = HiresList.request.omit({ actor: true });
const sitesQuery = HiresSitesList.request.omit({ actor: true });

/** The company's hires and sites over GraphQL: the same subjects and validation as REST. */
@Resolver()
export class HiresResolver {
  constructor(
    @Inject(BUS) private readonly bus: TypedClient,
    @Inject(SessionTokenVerifier) private readonly verifier: SessionTokenVerifier,
  ) {}

  @Query(() => HirePageModel, { description: 'The company’s hires (as GET /api/hires)' })
  hires(
    @Context() ctx: GqlContext,
    @Args('page', PAGE) page?: number | null,
    @Args('limit', LIMIT) limit?: number | null,
    @Args('search', SEARCH) search?: string | null,
    @Args('status', STATUS) status?: string | null,
  ) {
    return asCaller(this.verifier, ctx, (actor) =>
      this.bus.send(HiresList, { ...parseInput(hiresQuery, given({ page, limit, search, status })), actor }),
    );
  }

  @Query(() => SitePageModel, { description: 'The company’s sites (as GET /api/sites)' })
  sites(
    @Context() ctx: GqlContext,
    @Args('page', PAGE) page?: number | null,
    @Args('limit', LIMIT) limit?: number | null,
    @Args('search', SEARCH) search?: string | null,
  ) {
    return asCaller(this.verifier, ctx, (actor) =>
      this.bus.send(HiresSitesList, { ...parseInput(sitesQuery, given({ page, limit, search })), actor }),
    );
  }
}
