export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

/**
 * The slots of a numbered pagination (spec §2 Suppliers: up to 7 page buttons with ellipses):
 * first and last page always, the current page with a neighbour each side, and an ellipsis
 * where pages are left out. Never more than `slots` entries, ellipses included.
 */
export function pageItems(current: number, total: number, slots = 7): PageItem[] {
  if (total <= slots) return Array.from({ length: total }, (_, index) => index + 1);
  const page = Math.min(Math.max(current, 1), total);
  // Near either end there is one ellipsis and the rest are pages.
  const edge = slots - 2;
  if (page <= edge - 1) return [...range(1, edge), 'end-ellipsis', total];
  if (page >= total - edge + 2) return [1, 'start-ellipsis', ...range(total - edge + 1, total)];
  const side = Math.floor((slots - 5) / 2);
  return [1, 'start-ellipsis', ...range(page - side, page + side), 'end-ellipsis', total];
}

/**
 * The numbered buttons of Previous / numbered pages / Next (spec §2 Equipment): a run of up to
 * `size` consecutive pages around the current one, without ellipses, so a catalogue of
 * thousands of pages still shows a handful of buttons.
 */
export function pageWindow(current: number, total: number, size = 5): number[] {
  if (total <= size) return range(1, Math.max(total, 0));
  const page = Math.min(Math.max(current, 1), total);
  const start = Math.min(Math.max(page - Math.floor(size / 2), 1), total - size + 1);
  return range(start, start + size - 1);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}
