import { z } from 'zod';
import type { Address } from '../models';
import type { Tenant } from '../tenant';
import { COUNTRY_CODE_IDS, field, type CountryCode } from '../validation';

export const addressSchema = z
  .object({
    AddressLines: field.optionalText(500),
    Postcode: field.optionalText(10),
    CountryCode: field.countryCode(),
  })
  .nullish();

export type AddressInput = z.output<typeof addressSchema>;

/** The address as stored, keeping its id when an update only changes its lines. */
export function buildAddress(
  tenant: Tenant,
  input: AddressInput,
  fallbackCountry: CountryCode,
  existing: Address | null,
): Address | null {
  if (!input || (!input.AddressLines && !input.Postcode)) return null;
  const country = input.CountryCode ?? fallbackCountry;
  return {
    AddressId: existing?.AddressId ?? tenant.ids.take('address'),
    AddressLines: input.AddressLines ?? '',
    Postcode: (input.Postcode ?? '').toUpperCase(),
    CountryCode: country,
    CountryCodeId: COUNTRY_CODE_IDS[country],
    AddressType: 1,
    IsPrimary: true,
    Void: false,
    LastUpdated: tenant.clock.iso(),
  };
}

/** An address as a request body would send it, for merging an update over what is stored. */
export function addressAsInput(address: Address | null) {
  return address
    ? { AddressLines: address.AddressLines, Postcode: address.Postcode, CountryCode: address.CountryCode }
    : null;
}
