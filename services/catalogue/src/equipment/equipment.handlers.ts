import { Controller } from '@nestjs/common';
import {
  CatalogueEquipmentCategories,
  CatalogueEquipmentCreate,
  CatalogueEquipmentDelete,
  CatalogueEquipmentDescribe,
  CatalogueEquipmentFavoriteAdd,
  CatalogueEquipmentFavoriteRemove,
  CatalogueEquipmentFavorites,
  CatalogueEquipmentGet,
  CatalogueEquipmentList,
  CatalogueEquipmentSimilar,
  CatalogueEquipmentUpdate,
  type ParsedRequestOf,
} from '@planted/contracts';
import { Handles } from '@planted/service-kit';
import { DescriptionWriter } from '../description/description-writer';
import { EquipmentService } from './equipment.service';

@Controller()
export class EquipmentHandlers {
  constructor(
    private readonly equipment: EquipmentService,
    private readonly descriptions: DescriptionWriter,
  ) {}

  @Handles(CatalogueEquipmentList)
  list(input: ParsedRequestOf<typeof CatalogueEquipmentList>) {
    const { actor, ...query } = input;
    return this.equipment.list(actor, query);
  }

  @Handles(CatalogueEquipmentFavorites)
  favorites(input: ParsedRequestOf<typeof CatalogueEquipmentFavorites>) {
    const { actor, ...query } = input;
    return this.equipment.list(actor, query, true);
  }

  @Handles(CatalogueEquipmentCategories)
  categories(input: ParsedRequestOf<typeof CatalogueEquipmentCategories>) {
    return this.equipment.categories(input.actor, input.favorites ?? false);
  }

  @Handles(CatalogueEquipmentGet)
  get(input: ParsedRequestOf<typeof CatalogueEquipmentGet>) {
    return this.equipment.get(input.actor, input.id);
  }

  @Handles(CatalogueEquipmentSimilar)
  similar(input: ParsedRequestOf<typeof CatalogueEquipmentSimilar>) {
    const { actor, ...query } = input;
    return this.equipment.similar(actor, query);
  }

  @Handles(CatalogueEquipmentCreate)
  create(input: ParsedRequestOf<typeof CatalogueEquipmentCreate>) {
    const { actor, ...item } = input;
    return this.equipment.create(actor, item);
  }

  @Handles(CatalogueEquipmentUpdate)
  update(input: ParsedRequestOf<typeof CatalogueEquipmentUpdate>) {
    const { actor, ...change } = input;
    return this.equipment.update(actor, change);
  }

  @Handles(CatalogueEquipmentDelete)
  delete(input: ParsedRequestOf<typeof CatalogueEquipmentDelete>) {
    return this.equipment.delete(input.actor, input.id);
  }

  @Handles(CatalogueEquipmentFavoriteAdd)
  addFavorite(input: ParsedRequestOf<typeof CatalogueEquipmentFavoriteAdd>) {
    const { actor, ...target } = input;
    return this.equipment.addFavorite(actor, target);
  }

  @Handles(CatalogueEquipmentFavoriteRemove)
  removeFavorite(input: ParsedRequestOf<typeof CatalogueEquipmentFavoriteRemove>) {
    const { actor, ...target } = input;
    return this.equipment.removeFavorite(actor, target);
  }

  /** Any role may ask: the button is in the add/edit form, but the text is only a suggestion. */
  @Handles(CatalogueEquipmentDescribe)
  describe(input: ParsedRequestOf<typeof CatalogueEquipmentDescribe>) {
    const { actor: _actor, ...fields } = input;
    return this.descriptions.write(fields);
  }
}
