import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TimelineEvent } from '@planted/contracts';
import { apiRequest } from '../../../lib/api-client';
import { supplierKeys } from '../../../lib/query-keys';

export type { TimelineEvent };

export async function getTimeline(id: string): Promise<TimelineEvent[]> {
  const { events } = await apiRequest<{ events: TimelineEvent[] }>(
    `/suppliers/${encodeURIComponent(id)}/timeline`,
  );
  return events ?? [];
}

/** The company's notes and events for a supplier, newest first (private to the company). */
export function useTimeline(id: string | null) {
  return useQuery({
    queryKey: supplierKeys.timeline(id ?? ''),
    queryFn: () => getTimeline(id!),
    enabled: Boolean(id),
  });
}

export function addNote({ id, note }: { id: string; note: string }) {
  return apiRequest<{ event: TimelineEvent }>(`/suppliers/${encodeURIComponent(id)}/notes`, {
    method: 'POST',
    body: { note },
  });
}

export function useAddNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNote,
    // The timeline gains the note; the card's note indicator may turn on.
    onSuccess: (_, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: supplierKeys.timeline(id) }),
        queryClient.invalidateQueries({ queryKey: supplierKeys.lists() }),
      ]),
  });
}
