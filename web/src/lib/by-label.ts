/**
 * Options in the alphabetical order of the user's language: the catalogue's categories are
 * listed in English order, which is no order at all once they are translated.
 */
export function byLabel<T extends { label: string }>(options: readonly T[], language: string): T[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  return [...options].sort((a, b) => collator.compare(a.label, b.label));
}
