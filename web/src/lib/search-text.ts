import { foldSearchText } from '@planted/domain';

/**
 * Whether a typed search finds one of `values`: any case, accents folded as the server's
 * searches fold them (foldSearchText: 'karcher' finds 'Kärcher'), and also with every space
 * left out, so that a postcode typed without its space ('ls14dl') finds 'LS1 4DL'.
 */
export function searchFinds(search: string, values: readonly (string | null | undefined)[]): boolean {
  const needle = foldSearchText(search.trim());
  if (!needle) return true;
  const squeezed = needle.replace(/\s+/g, '');
  return values.some((value) => {
    const folded = foldSearchText(value ?? '');
    return folded.includes(needle) || (squeezed !== '' && folded.replace(/\s+/g, '').includes(squeezed));
  });
}
