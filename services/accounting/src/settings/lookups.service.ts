import { Injectable } from '@nestjs/common';
import { ACCOUNTING_MESSAGES, type Actor } from '@planted/contracts';
import { askZahara } from '../zahara/zahara-service-error';
import type { ZaharaApi } from '../zahara/zahara-client';
import { CODE_LOOKUPS } from './code-lookups';
import { requireAdmin } from './settings.errors';
import { SettingsService } from './settings.service';

/** Spec §7 lookups: a code (or a division's name) found in the company's Zahara, or the spec's 'not found'. */
@Injectable()
export class LookupsService {
  constructor(private readonly settings: SettingsService) {}

  nominalCode(actor: Actor, code: string, apiKey?: string) {
    return this.lookUp(CODE_LOOKUPS.nominal, actor, code, apiKey);
  }

  taxCode(actor: Actor, code: string, apiKey?: string) {
    return this.lookUp(CODE_LOOKUPS.tax, actor, code, apiKey);
  }

  costCode(actor: Actor, code: string, apiKey?: string) {
    return this.lookUp(CODE_LOOKUPS.cost, actor, code, apiKey);
  }

  division(actor: Actor, name: string, apiKey?: string) {
    return this.lookUp(CODE_LOOKUPS.division, actor, name, apiKey);
  }

  private async lookUp<T>(
    lookup: { notFound: string; find: (api: ZaharaApi, code: string) => Promise<T> },
    actor: Actor,
    code: string,
    apiKey?: string,
  ): Promise<{ success: true; data: T }> {
    requireAdmin(actor);
    const api = await this.settings.apiFor(actor, apiKey);
    // A key typed on the form and refused is worded as saving it would be, not as the saved key.
    const unauthorized = apiKey ? ACCOUNTING_MESSAGES.API_KEY_REFUSED : undefined;
    return {
      success: true,
      data: await askZahara(() => lookup.find(api, code), { notFound: lookup.notFound, unauthorized }),
    };
  }
}
