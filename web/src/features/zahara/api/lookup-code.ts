import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type LookupKind = 'nominal' | 'tax' | 'cost' | 'division';
export const LOOKUP_KINDS: readonly LookupKind[] = ['nominal', 'tax', 'cost', 'division'];

/** What a lookup finds (spec §7): id, code, description; a tax code adds codeName and taxPercentage. */
export interface LookupResult {
  id: number;
  code: string | null;
  description: string;
  name?: string;
  codeName?: string;
  taxPercentage?: number;
}

const PATHS: Record<LookupKind, string> = {
  nominal: '/zahara/lookup-nominal-code',
  tax: '/zahara/lookup-tax-code',
  cost: '/zahara/lookup-cost-code',
  division: '/zahara/lookup-division',
};

export interface LookupInput {
  kind: LookupKind;
  /** The code typed; a division is looked up by its name. */
  value: string;
  /** A key typed but not saved yet; without it the saved key is used. */
  apiKey?: string;
}

/** POST /zahara/lookup-{nominal-code,tax-code,cost-code,division} (spec §7). */
export async function lookupCode({ kind, value, apiKey }: LookupInput): Promise<LookupResult> {
  const body = kind === 'division' ? { name: value } : { code: value };
  const { data } = await apiRequest<{ success: true; data: LookupResult }>(PATHS[kind], {
    method: 'POST',
    body: apiKey ? { ...body, api_key: apiKey } : body,
  });
  return data;
}

export const useLookupCode = () => useMutation({ mutationFn: lookupCode });
