import { Controller } from '@nestjs/common';
import {
  CatalogueSupplierCreate,
  CatalogueSupplierDelete,
  CatalogueSupplierDetailsSave,
  CatalogueSupplierFavoriteAdd,
  CatalogueSupplierFavoriteRemove,
  CatalogueSupplierFavorites,
  CatalogueSupplierGet,
  CatalogueSupplierNoteAdd,
  CatalogueSupplierSimilar,
  CatalogueSupplierTimeline,
  CatalogueSupplierUpdate,
  CatalogueSuppliersList,
  type ParsedRequestOf,
} from '@planted/contracts';
import { Handles } from '@planted/service-kit';
import { SuppliersService } from './suppliers.service';

@Controller()
export class SuppliersHandlers {
  constructor(private readonly suppliers: SuppliersService) {}

  @Handles(CatalogueSuppliersList)
  list(input: ParsedRequestOf<typeof CatalogueSuppliersList>) {
    const { actor, ...query } = input;
    return this.suppliers.list(actor, query);
  }

  @Handles(CatalogueSupplierFavorites)
  favorites(input: ParsedRequestOf<typeof CatalogueSupplierFavorites>) {
    const { actor, ...query } = input;
    return this.suppliers.list(actor, query, true);
  }

  @Handles(CatalogueSupplierGet)
  get(input: ParsedRequestOf<typeof CatalogueSupplierGet>) {
    return this.suppliers.get(input.actor, input.id);
  }

  @Handles(CatalogueSupplierSimilar)
  similar(input: ParsedRequestOf<typeof CatalogueSupplierSimilar>) {
    const { actor, ...query } = input;
    return this.suppliers.similar(actor, query);
  }

  @Handles(CatalogueSupplierCreate)
  create(input: ParsedRequestOf<typeof CatalogueSupplierCreate>) {
    const { actor, ...supplier } = input;
    return this.suppliers.create(actor, supplier);
  }

  @Handles(CatalogueSupplierUpdate)
  update(input: ParsedRequestOf<typeof CatalogueSupplierUpdate>) {
    const { actor, ...change } = input;
    return this.suppliers.update(actor, change);
  }

  @Handles(CatalogueSupplierDelete)
  delete(input: ParsedRequestOf<typeof CatalogueSupplierDelete>) {
    return this.suppliers.delete(input.actor, input.id);
  }

  @Handles(CatalogueSupplierFavoriteAdd)
  addFavorite(input: ParsedRequestOf<typeof CatalogueSupplierFavoriteAdd>) {
    const { actor, ...target } = input;
    return this.suppliers.addFavorite(actor, target);
  }

  @Handles(CatalogueSupplierFavoriteRemove)
  removeFavorite(input: ParsedRequestOf<typeof CatalogueSupplierFavoriteRemove>) {
    const { actor, ...target } = input;
    return this.suppliers.removeFavorite(actor, target);
  }

  @Handles(CatalogueSupplierDetailsSave)
  saveDetails(input: ParsedRequestOf<typeof CatalogueSupplierDetailsSave>) {
    const { actor, ...details } = input;
    return this.suppliers.saveDetails(actor, details);
  }

  @Handles(CatalogueSupplierTimeline)
  timeline(input: ParsedRequestOf<typeof CatalogueSupplierTimeline>) {
    const { actor, ...target } = input;
    return this.suppliers.timeline(actor, target);
  }

  @Handles(CatalogueSupplierNoteAdd)
  addNote(input: ParsedRequestOf<typeof CatalogueSupplierNoteAdd>) {
    const { actor, ...note } = input;
    return this.suppliers.addNote(actor, note);
  }
}
