import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface DescribeInput {
  name: string;
  category: string;
  unit_of_measure: string;
  power: string;
}

/** POST /equipment/generate-description: AI text, or a fallback composed from the fields. */
export function generateDescription(
  input: DescribeInput,
): Promise<{ description: string; fallback: boolean }> {
  // Nothing is created: no Idempotency-Key, and a lost answer is simply asked again by the user.
  return apiRequest('/equipment/generate-description', { method: 'POST', body: input, idempotent: false });
}

export function useGenerateDescription() {
  return useMutation({ mutationFn: generateDescription });
}
