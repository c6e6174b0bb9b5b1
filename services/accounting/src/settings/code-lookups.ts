import { ACCOUNTING_MESSAGES as M } from '@planted/contracts';
import type { ZaharaApi } from '../zahara/zahara-client';
import { isZaharaError } from '../zahara/zahara-error';

/**
 * The four default codes of the settings, each found in Zahara by its code (a division by its
 * name) as the spec's lookups answer it (§7): what the lookup buttons show, and what saving
 * the settings fills in for a code typed but never looked up.
 */
export const CODE_LOOKUPS = {
  nominal: {
    notFound: M.NOMINAL_CODE_NOT_FOUND,
    find: async (api: ZaharaApi, code: string) => {
      const found = await api.nominalCodeByCode(code);
      return { id: found.NominalCodeId, code: found.Code, description: found.Description };
    },
  },
  tax: {
    notFound: M.TAX_CODE_NOT_FOUND,
    find: async (api: ZaharaApi, code: string) => {
      const found = await api.taxCodeByCode(code);
      return {
        id: found.TaxCodeId,
        code: found.Code,
        description: found.Description ?? found.CodeName,
        codeName: found.CodeName,
        taxPercentage: found.TaxPercentage,
      };
    },
  },
  cost: {
    notFound: M.COST_CODE_NOT_FOUND,
    find: async (api: ZaharaApi, code: string) => {
      const found = await api.costCodeByCode(code);
      return { id: found.CostCodeId, code: found.Code, description: found.Description };
    },
  },
  division: {
    notFound: M.DIVISION_NOT_FOUND,
    /**
     * By its name, as the lookup asks; else by its code, which an API client may save in
     * division_code after a lookup (the lookup answers both).
     */
    find: async (api: ZaharaApi, name: string) => {
      let found;
      try {
        found = await api.divisionByName(name);
      } catch (err) {
        if (!isZaharaError(err) || err.failure !== 'not_found') throw err;
        const wanted = name.trim().toLowerCase();
        found = (await api.divisions()).find((d) => d.Code?.trim().toLowerCase() === wanted);
        if (!found) throw err;
      }
      return {
        id: found.DivisionId,
        code: found.Code ?? null,
        name: found.Name,
        description: found.Description ?? found.Name,
      };
    },
  },
} as const;

export type CodeKind = keyof typeof CODE_LOOKUPS;

/** Where each code sits among the settings fields. */
export const SETTINGS_CODE_FIELDS = [
  { kind: 'nominal', code: 'nominal_code', id: 'nominal_code_id', description: 'nominal_description' },
  { kind: 'tax', code: 'tax_code', id: 'tax_code_id', description: 'tax_description' },
  { kind: 'cost', code: 'cost_code', id: 'cost_code_id', description: 'cost_description' },
  { kind: 'division', code: 'division_code', id: 'division_code_id', description: 'division_description' },
] as const satisfies readonly { kind: CodeKind; code: string; id: string; description: string }[];
