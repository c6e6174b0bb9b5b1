/** Letters with no decomposed form that the server's searches also fold (libs/db FOLDED_LETTERS). */
const PLAIN: Record<string, string> = { ø: 'o', đ: 'd', ł: 'l', ħ: 'h', ı: 'i', ŧ: 't' };

/** Text as a search matches it: any case, accents folded ('karcher' finds 'Kärcher'), as the server's searches. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øđłħıŧ]/g, (letter) => PLAIN[letter] ?? letter);
}

/**
 * Whether a typed search finds one of `values`: folded (foldText), and also with every space
 * left out, so that a postcode typed without its space ('ls14dl') finds 'LS1 4DL'.
 */
export function searchFinds(search: string, values: readonly (string | null | undefined)[]): boolean {
  const needle = foldText(search.trim());
  if (!needle) return true;
  const squeezed = needle.replace(/\s+/g, '');
  return values.some((value) => {
    const folded = foldText(value ?? '');
    return folded.includes(needle) || (squeezed !== '' && folded.replace(/\s+/g, '').includes(squeezed));
  });
}
