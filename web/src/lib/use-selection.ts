import { useCallback, useMemo, useState } from 'react';

export interface Selection<Id> {
  selected: ReadonlySet<Id>;
  count: number;
  isSelected: (id: Id) => boolean;
  toggle: (id: Id) => void;
  /** Selects every visible item, or clears them all when all are selected already. */
  toggleAll: () => void;
  allSelected: boolean;
  someSelected: boolean;
  clear: () => void;
}

/**
 * Bulk selection over the items on screen (spec §2 Hires). Ids that leave the list (another
 * page, a search, a deletion) drop out of the selection, so an action never touches an item the
 * user can no longer see.
 */
export function useSelection<Id>(visibleIds: readonly Id[]): Selection<Id> {
  const [chosen, setChosen] = useState<ReadonlySet<Id>>(() => new Set());
  const selected = useMemo(() => new Set(visibleIds.filter((id) => chosen.has(id))), [chosen, visibleIds]);
  const allSelected = visibleIds.length > 0 && selected.size === visibleIds.length;

  const toggle = useCallback(
    (id: Id) =>
      setChosen((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const toggleAll = useCallback(
    () => setChosen(allSelected ? new Set() : new Set(visibleIds)),
    [allSelected, visibleIds],
  );
  const clear = useCallback(() => setChosen(new Set()), []);

  return {
    selected,
    count: selected.size,
    isSelected: (id) => selected.has(id),
    toggle,
    toggleAll,
    allSelected,
    someSelected: selected.size > 0 && !allSelected,
    clear,
  };
}
