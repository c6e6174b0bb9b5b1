import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /zahara/test-connection (the spec does not show the path): tries the key typed, else the
 * saved one.
 */
export function testConnection(apiKey: string | undefined): Promise<{ success: true; message: string }> {
  return apiRequest('/zahara/test-connection', {
    method: 'POST',
    body: apiKey ? { api_key: apiKey } : {},
  });
}

export const useTestConnection = () => useMutation({ mutationFn: testConnection });
