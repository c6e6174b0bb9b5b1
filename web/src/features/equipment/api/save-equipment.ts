import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EquipmentFields } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';
import { equipmentKeys } from '../../../lib/query-keys';
import type { Equipment } from './get-equipment';

export interface SaveEquipmentInput {
  /** Absent when adding. */
  id?: string;
  fields: EquipmentFields;
  /** A newly picked image, if any. */
  image?: File | null;
  /** Editing: clear the current image (without a new one). */
  removeImage?: boolean;
  /** Editing: the item's active flag, sent back as it is. */
  isActive?: boolean;
}

/** POST /equipment or PUT /equipment/{id}, multipart (spec §7); empty optional values are not sent. */
export function saveEquipment(
  input: SaveEquipmentInput,
): Promise<{ equipment: Equipment; message?: string }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(input.fields)) {
    if (value !== null && value !== undefined && value !== '') form.append(key, String(value));
  }
  if (input.id !== undefined) {
    if (input.isActive !== undefined) form.append('is_active', String(input.isActive));
    if (input.removeImage && !input.image) form.append('remove_image', 'true');
  }
  if (input.image) form.append('image', input.image, input.image.name || 'image');
  return input.id === undefined
    ? apiRequest('/equipment', { method: 'POST', body: form })
    : apiRequest(`/equipment/${encodeURIComponent(input.id)}`, { method: 'PUT', body: form });
}

export function useSaveEquipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEquipment,
    // Lists, category counts and the item itself all change.
    // Not awaited: the form is done once the server has saved, and the lists refresh behind it
    // (awaited, a slow or restarting catalogue kept 'Saving...' up long after the save, AV-4).
    // The other mutations do the same.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: equipmentKeys.all }),
  });
}
