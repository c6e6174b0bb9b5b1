import { Controller } from '@nestjs/common';
import {
  AccountingSupplierExport,
  AccountingSupplierMatchCreate,
  AccountingSupplierMatchDelete,
  AccountingSupplierMatchesList,
  AccountingZaharaSuppliersList,
  type ParsedRequestOf,
} from '@planted/contracts';
import { Handles } from '@planted/service-kit';
import { SuppliersService } from './suppliers.service';

@Controller()
export class SuppliersHandlers {
  constructor(private readonly suppliers: SuppliersService) {}

  @Handles(AccountingZaharaSuppliersList)
  zaharaSuppliers({ actor }: ParsedRequestOf<typeof AccountingZaharaSuppliersList>) {
    return this.suppliers.zaharaSuppliers(actor);
  }

  @Handles(AccountingSupplierMatchesList)
  matches({ actor }: ParsedRequestOf<typeof AccountingSupplierMatchesList>) {
    return this.suppliers.matches(actor);
  }

  @Handles(AccountingSupplierMatchCreate)
  match({ actor, ...input }: ParsedRequestOf<typeof AccountingSupplierMatchCreate>) {
    return this.suppliers.match(actor, input);
  }

  @Handles(AccountingSupplierMatchDelete)
  unmatch({ actor, supplier_id }: ParsedRequestOf<typeof AccountingSupplierMatchDelete>) {
    return this.suppliers.unmatch(actor, supplier_id);
  }

  @Handles(AccountingSupplierExport)
  export({ actor, supplier_id }: ParsedRequestOf<typeof AccountingSupplierExport>) {
    return this.suppliers.export(actor, supplier_id);
  }
}
