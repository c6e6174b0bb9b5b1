import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { equipmentKeys } from '../../../lib/query-keys';
import type { Equipment } from './get-equipment';

export async function getEquipmentItem(id: string): Promise<Equipment> {
  const { equipment } = await apiRequest<{ equipment: Equipment }>(`/equipment/${encodeURIComponent(id)}`);
  return equipment;
}

export const equipmentItemQuery = (id: string) =>
  queryOptions({ queryKey: equipmentKeys.detail(id), queryFn: () => getEquipmentItem(id) });

export function useEquipmentItem(id: string | null) {
  return useQuery({ ...equipmentItemQuery(id ?? ''), enabled: Boolean(id) });
}
