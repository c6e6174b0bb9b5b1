import { FOLDED_LETTERS, PLAIN_LETTERS } from '@planted/domain';
import { containsPattern, foldedSql, foldSearchText, trigramSearchable, wordsPattern } from './search-text';

describe('search text', () => {
  it('matches the term anywhere, its wildcards taken literally', () => {
    expect(containsPattern('te 70')).toBe('%te 70%');
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  it('matches the words of a term in the order typed, anything between them', () => {
    expect(wordsPattern(' 3kw   heater ')).toBe('%3kw%heater%');
    expect(wordsPattern('50% off_')).toBe('%50\\%%off\\_%');
    expect(wordsPattern('breaker')).toBe(containsPattern('breaker'));
  });

  it('lets a trigram index narrow only terms with three letters or digits in a row', () => {
    expect(trigramSearchable('TE70')).toBe(true);
    expect(trigramSearchable('Hé7')).toBe(true);
    expect(trigramSearchable('ab')).toBe(false);
    expect(trigramSearchable('a-b-c')).toBe(false);
  });
});

describe('foldedSql (accents folded in searches)', () => {
  it("folds a column in SQL with PostgreSQL's translate() of the same letters", () => {
    expect(foldedSql('name')).toBe(`translate(lower(name), '${FOLDED_LETTERS}', '${PLAIN_LETTERS}')`);
    expect(FOLDED_LETTERS).not.toContain("'");
    // libs/db folds a term as @planted/domain does (one rule for the server and the browser).
    expect(foldSearchText('KÄRCHER')).toBe('karcher');
  });
});
