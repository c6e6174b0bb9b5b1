import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountingSettings, IntegrationStatus } from '@planted/contracts';
import { apiRequest } from './api-client';
import { accountingKeys } from './query-keys';

/*
 * Whether the company's accounting integration is configured, which five features need (spec §6:
 * integration features appear only when it is): Integrations shows the card's state, Zahara edits
 * the settings, Sites offers Sync Projects, Suppliers Export and Hires Create Order and the PO
 * prompt. Every member reads it from GET /zahara/status (the settings are an administrator's).
 * Features do not import each other, so the calls live here.
 */

export type { AccountingSettings, IntegrationStatus };

/** GET /zahara/settings (spec §7, administrators): the settings fields, the API key masked. */
export async function getAccountingSettings(): Promise<AccountingSettings> {
  const { data } = await apiRequest<{ success: true; data: AccountingSettings }>('/zahara/settings');
  return data;
}

export const accountingSettingsQuery = queryOptions({
  queryKey: accountingKeys.settings(),
  queryFn: getAccountingSettings,
});

/** Only an administrator may read them (`enabled` false for anyone else: no call that can only be refused). */
export function useAccountingSettings(enabled = true) {
  return useQuery({ ...accountingSettingsQuery, enabled });
}

/** Configured: a key is saved and the integration is active (spec §2 Hires: 'active with an API key'). */
export function isAccountingActive(settings: AccountingSettings | undefined): boolean {
  return Boolean(settings?.is_active && settings.has_api_key);
}

/** GET /zahara/status: what every member may know of the integration (no key, no codes). */
export async function getIntegrationStatus(): Promise<IntegrationStatus> {
  const { data } = await apiRequest<{ success: true; data: IntegrationStatus }>('/zahara/status');
  return data;
}

export const integrationStatusQuery = queryOptions({
  queryKey: accountingKeys.status(),
  queryFn: getIntegrationStatus,
});

export function useIntegrationStatus() {
  return useQuery(integrationStatusQuery);
}

/**
 * Whether integration features show, for any member of the company. Anything but an answer
 * that says so (a failure, an answer still on its way) keeps them hidden: a button that cannot
 * work is worse than none.
 */
export function useAccountingActive(): boolean {
  return useIntegrationStatus().data?.is_active === true;
}

/** Zahara's web app page of a purchase order when the server has not said (yet) where it is. */
export const DEFAULT_DOCUMENT_URL_TEMPLATE = 'https://app.myzahara.net/PurchaseOrder/Details/{documentId}';

/** Where a purchase order's page is: the server's template (ZAHARA_DOCUMENT_URL) with the document id. */
export function documentUrl(template: string, documentId: string): string {
  return template.replace('{documentId}', encodeURIComponent(documentId));
}

/**
 * Where a hire card's PO number links (spec §2 Hires: 'PO number with a link to the external
 * document'): the connector's configured page of Zahara's web app.
 */
export function useDocumentUrl(): (documentId: string) => string {
  const template = useIntegrationStatus().data?.document_url_template ?? DEFAULT_DOCUMENT_URL_TEMPLATE;
  return (documentId) => documentUrl(template, documentId);
}
