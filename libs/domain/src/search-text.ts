/**
 * Letters searched as their plain Latin letter, by the server's searches (libs/db foldedSql,
 * the generated search columns) and the browser's own filters alike: 'karcher' finds
 * 'Kärcher', 'cafe' 'Café'. Both cases, as PostgreSQL's lower() under a C collation leaves
 * accented capitals alone. One character for one (SQL's translate()), so 'ß', 'æ' and 'œ' are
 * left as they are. Fixed: the generated search columns' migrations hold these two strings.
 */
export const FOLDED_LETTERS =
  'àáâãäåāăąǎçćĉċčďèéêëēĕėęěĝğġģĥìíîïĩīĭįǐĵķĺļľñńņňòóôõöōŏőǒùúûüũūŭůűųǔŵýÿŷźżžşţșțśŝšŕŗř' +
  'ÀÁÂÃÄÅĀĂĄǍÇĆĈĊČĎÈÉÊËĒĔĖĘĚĜĞĠĢĤÌÍÎÏĨĪĬĮǏĴĶĹĻĽÑŃŅŇÒÓÔÕÖŌŎŐǑÙÚÛÜŨŪŬŮŰŲǓŴÝŸŶŹŻŽŞŢȘȚŚŜŠŔŖŘ' +
  'øØđĐłŁħĦıŧŦ';
export const PLAIN_LETTERS =
  'aaaaaaaaaacccccdeeeeeeeeegggghiiiiiiiiijklllnnnnooooooooouuuuuuuuuuuwyyyzzzststsssrrr' +
  'aaaaaaaaaacccccdeeeeeeeeegggghiiiiiiiiijklllnnnnooooooooouuuuuuuuuuuwyyyzzzststsssrrr' +
  'ooddllhhitt';

const PLAIN_OF = new Map([...FOLDED_LETTERS].map((letter, i) => [letter, PLAIN_LETTERS[i]!]));

/** Text as the search columns keep it: lower case, accents folded (see FOLDED_LETTERS). */
export function foldSearchText(text: string): string {
  let folded = '';
  for (const char of text.toLowerCase()) folded += PLAIN_OF.get(char) ?? char;
  return folded;
}
