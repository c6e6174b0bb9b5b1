import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountingSettings } from '@planted/contracts';
import { apiRequest } from './api-client';
import { accountingKeys } from './query-keys';

/*
 * Whether the company's accounting integration is configured, which five features need (spec §6:
 * integration features appear only when it is): Integrations shows the card's state, Zahara edits
 * the settings, Sites offers Sync Projects, Suppliers Export and Hires Create Order. Features do
 * not import each other, so the call lives here.
 */

export type { AccountingSettings };

/** GET /zahara/settings (spec §7): the settings fields, the API key masked. */
export async function getAccountingSettings(): Promise<AccountingSettings> {
  const { data } = await apiRequest<{ success: true; data: AccountingSettings }>('/zahara/settings');
  return data;
}

export const accountingSettingsQuery = queryOptions({
  queryKey: accountingKeys.settings(),
  queryFn: getAccountingSettings,
});

export function useAccountingSettings() {
  return useQuery(accountingSettingsQuery);
}

/** Configured: a key is saved and the integration is active (spec §2 Hires: 'active with an API key'). */
export function isAccountingActive(settings: AccountingSettings | undefined): boolean {
  return Boolean(settings?.is_active && settings.has_api_key);
}

/**
 * Whether integration features show. Anything but an answer that says so (a failure, an answer
 * still on its way, a refusal) keeps them hidden: a button that cannot work is worse than none.
 */
export function useAccountingActive(): boolean {
  const settings = useAccountingSettings();
  return isAccountingActive(settings.data);
}
