import { Injectable } from '@nestjs/common';
import { ACCOUNTING_MESSAGES as M, type Actor } from '@planted/contracts';
import { askZahara } from '../zahara/zahara-service-error';
import { requireAdmin } from './settings.errors';
import { SettingsService } from './settings.service';

/** Spec §7 lookups: a code (or a division's name) found in the company's Zahara, or the spec's 'not found'. */
@Injectable()
export class LookupsService {
  constructor(private readonly settings: SettingsService) {}

  async nominalCode(actor: Actor, code: string, apiKey?: string) {
    requireAdmin(actor);
    const api = await this.settings.apiFor(actor, apiKey);
    const found = await askZahara(() => api.nominalCodeByCode(code), { notFound: M.NOMINAL_CODE_NOT_FOUND });
    return {
      success: true as const,
      data: { id: found.NominalCodeId, code: found.Code, description: found.Description },
    };
  }

  async taxCode(actor: Actor, code: string, apiKey?: string) {
    requireAdmin(actor);
    const api = await this.settings.apiFor(actor, apiKey);
    const found = await askZahara(() => api.taxCodeByCode(code), { notFound: M.TAX_CODE_NOT_FOUND });
    return {
      success: true as const,
      data: {
        id: found.TaxCodeId,
        code: found.Code,
        description: found.Description ?? found.CodeName,
        codeName: found.CodeName,
        taxPercentage: found.TaxPercentage,
      },
    };
  }

  async costCode(actor: Actor, code: string, apiKey?: string) {
    requireAdmin(actor);
    const api = await this.settings.apiFor(actor, apiKey);
    const found = await askZahara(() => api.costCodeByCode(code), { notFound: M.COST_CODE_NOT_FOUND });
    return {
      success: true as const,
      data: { id: found.CostCodeId, code: found.Code, description: found.Description },
    };
  }

  async division(actor: Actor, name: string, apiKey?: string) {
    requireAdmin(actor);
    const api = await this.settings.apiFor(actor, apiKey);
    const found = await askZahara(() => api.divisionByName(name), { notFound: M.DIVISION_NOT_FOUND });
    return {
      success: true as const,
      data: {
        id: found.DivisionId,
        code: found.Code ?? null,
        name: found.Name,
        description: found.Description ?? found.Name,
      },
    };
  }
}
