import { FOLDED_LETTERS, foldSearchText, PLAIN_LETTERS } from './search-text';

describe('foldSearchText (accents folded in searches)', () => {
  it('folds each listed letter, in either case, to its plain lower-case letter', () => {
    expect([...FOLDED_LETTERS]).toHaveLength([...PLAIN_LETTERS].length);
    const decomposable = [...FOLDED_LETTERS].filter((letter) => letter.normalize('NFD').length > 1);
    for (const letter of decomposable)
      expect([letter, foldSearchText(letter)]).toEqual([
        letter,
        letter.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase(),
      ]);
    expect(foldSearchText('KÄRCHER Café Crème Łódź Ørsted')).toBe('karcher cafe creme lodz orsted');
    expect(foldSearchText('50%_off ß æ')).toBe('50%_off ß æ');
  });
});
