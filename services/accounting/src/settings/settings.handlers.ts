import { Controller } from '@nestjs/common';
import {
  AccountingLookupCostCode,
  AccountingLookupDivision,
  AccountingLookupNominalCode,
  AccountingLookupTaxCode,
  AccountingSettingsGet,
  AccountingStatusGet,
  AccountingSettingsPut,
  AccountingTestConnection,
  type ParsedRequestOf,
} from '@planted/contracts';
import { Handles } from '@planted/service-kit';
import { LookupsService } from './lookups.service';
import { SettingsService } from './settings.service';

@Controller()
export class SettingsHandlers {
  constructor(
    private readonly settings: SettingsService,
    private readonly lookups: LookupsService,
  ) {}

  @Handles(AccountingSettingsGet)
  get({ actor }: ParsedRequestOf<typeof AccountingSettingsGet>) {
    return this.settings.get(actor);
  }

  @Handles(AccountingStatusGet)
  status({ actor }: ParsedRequestOf<typeof AccountingStatusGet>) {
    return this.settings.status(actor);
  }

  @Handles(AccountingSettingsPut)
  put({ actor, ...fields }: ParsedRequestOf<typeof AccountingSettingsPut>) {
    return this.settings.put(actor, fields);
  }

  @Handles(AccountingTestConnection)
  testConnection({ actor, api_key }: ParsedRequestOf<typeof AccountingTestConnection>) {
    return this.settings.testConnection(actor, api_key);
  }

  @Handles(AccountingLookupNominalCode)
  nominalCode({ actor, code, api_key }: ParsedRequestOf<typeof AccountingLookupNominalCode>) {
    return this.lookups.nominalCode(actor, code, api_key);
  }

  @Handles(AccountingLookupTaxCode)
  taxCode({ actor, code, api_key }: ParsedRequestOf<typeof AccountingLookupTaxCode>) {
    return this.lookups.taxCode(actor, code, api_key);
  }

  @Handles(AccountingLookupCostCode)
  costCode({ actor, code, api_key }: ParsedRequestOf<typeof AccountingLookupCostCode>) {
    return this.lookups.costCode(actor, code, api_key);
  }

  @Handles(AccountingLookupDivision)
  division({ actor, name, api_key }: ParsedRequestOf<typeof AccountingLookupDivision>) {
    return this.lookups.division(actor, name, api_key);
  }
}
