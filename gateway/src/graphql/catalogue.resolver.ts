import { Inject } from '@nestjs/common';
import { Args, Context, Int, Query, Resolver } from '@nestjs/graphql';
import {
  CatalogueEquipmentCategories,
  CatalogueEquipmentFavorites,
  CatalogueEquipmentList,
  CatalogueSupplierFavorites,
  CatalogueSuppliersList,
  equipmentListQuerySchema,
  supplierListQuerySchema,
  type Actor,
  type TypedClient,
} from '@planted/contracts';
import { SessionTokenVerifier } from '@planted/messaging';
import { BUS } from '../bus/tokens';
import { parseInput } from '../validation/parse';
import { asCaller, given, type GqlContext } from './graphql-caller';
import { CategoryCountModel, EquipmentPageModel, SupplierPageModel } from './catalogue.models';

const PAGE = { type: () => Int, nullable: true, description: 'From 1 (default 1)' };
const LIMIT = { type: () => Int, nullable: true, description: 'Items a page: 12 by default, up to 1000' };
const SEARCH = { type: () => String, nullable: true };
const CATEGORY = { type: () => String, nullable: true, description: 'One of the 19 categories' };

/**
 * The catalogue's lists over GraphQL, forwarding to the same subjects as REST with the same
 * validation (contract schemas): the company comes from the token, never from arguments.
 */
@Resolver()
export class CatalogueResolver {
  constructor(
    @Inject(BUS) private readonly bus: TypedClient,
    @Inject(SessionTokenVerifier) private readonly verifier: SessionTokenVerifier,
  ) {}

  private call<T>(ctx: GqlContext, work: (actor: Actor) => Promise<T>) {
    return asCaller(this.verifier, ctx, work);
  }

  @Query(() => EquipmentPageModel, {
    description: 'Active items of the shared catalogue (as GET /api/equipment)',
  })
  equipment(
    @Context() ctx: GqlContext,
    @Args('page', PAGE) page?: number | null,
    @Args('limit', LIMIT) limit?: number | null,
    @Args('search', SEARCH) search?: string | null,
    @Args('category', CATEGORY) category?: string | null,
  ) {
    return this.call(ctx, (actor) =>
      this.bus.send(CatalogueEquipmentList, {
        ...parseInput(equipmentListQuerySchema, given({ page, limit, search, category })),
        actor,
      }),
    );
  }

  @Query(() => EquipmentPageModel, {
    description: "The company's favourite items (as GET /api/equipment/favorites/list)",
  })
  favoriteEquipment(
    @Context() ctx: GqlContext,
    @Args('page', PAGE) page?: number | null,
    @Args('limit', LIMIT) limit?: number | null,
    @Args('search', SEARCH) search?: string | null,
    @Args('category', CATEGORY) category?: string | null,
  ) {
    return this.call(ctx, (actor) =>
      this.bus.send(CatalogueEquipmentFavorites, {
        ...parseInput(equipmentListQuerySchema, given({ page, limit, search, category })),
        actor,
      }),
    );
  }

  @Query(() => [CategoryCountModel], {
    description:
      'The 19 categories with the number of items the company’s list shows in each (as GET /api/equipment/categories); with favorites: true, of its favourites',
  })
  async equipmentCategories(
    @Context() ctx: GqlContext,
    @Args('favorites', { type: () => Boolean, nullable: true }) favorites?: boolean | null,
  ) {
    const { categories } = await this.call(ctx, (actor) =>
      this.bus.send(CatalogueEquipmentCategories, { actor, favorites: favorites ?? undefined }),
    );
    return categories;
  }

  @Query(() => SupplierPageModel, {
    description: 'Active suppliers as the company sees them (as GET /api/suppliers)',
  })
  suppliers(
    @Context() ctx: GqlContext,
    @Args('page', PAGE) page?: number | null,
    @Args('limit', LIMIT) limit?: number | null,
    @Args('search', SEARCH) search?: string | null,
  ) {
    return this.call(ctx, (actor) =>
      this.bus.send(CatalogueSuppliersList, {
        ...parseInput(supplierListQuerySchema, given({ page, limit, search })),
        actor,
      }),
    );
  }

  @Query(() => SupplierPageModel, { description: "The company's favourite suppliers" })
  favoriteSuppliers(
    @Context() ctx: GqlContext,
    @Args('page', PAGE) page?: number | null,
    @Args('limit', LIMIT) limit?: number | null,
    @Args('search', SEARCH) search?: string | null,
  ) {
    return this.call(ctx, (actor) =>
      this.bus.send(CatalogueSupplierFavorites, {
        ...parseInput(supplierListQuerySchema, given({ page, limit, search })),
        actor,
      }),
    );
  }
}
