import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountingSettings, SettingsFields } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';
import { accountingKeys } from '../../../lib/query-keys';

/**
 * PUT /zahara/settings (spec §7): every settings field, plus is_active true when a key is
 * present. The masked key GET answered is sent back as it was, which keeps the saved key.
 */
export function saveSettings(fields: SettingsFields): Promise<{ data: AccountingSettings; message: string }> {
  const hasKey = typeof fields.api_key === 'string' && fields.api_key.trim() !== '';
  return apiRequest('/zahara/settings', { method: 'PUT', body: { ...fields, is_active: hasKey } });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(accountingKeys.settings(), data);
      // Whether integration features show (Sync Projects, Export, Create Order) follows the key.
      return queryClient.invalidateQueries({ queryKey: accountingKeys.all });
    },
  });
}
