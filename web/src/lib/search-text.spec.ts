import { foldSearchText } from '@planted/domain';
import { searchFinds } from './search-text';

describe('search text in the browser (as the server searches)', () => {
  it('folds case and accents, the letters without a decomposed form too', () => {
    expect(foldSearchText('KÄRCHER Café Crème Łódź Ørsted')).toBe('karcher cafe creme lodz orsted');
  });

  it('finds a value by part of it, with accents folded, and a postcode without its space', () => {
    expect(searchFinds('karcher', ['Kärcher HDS'])).toBe(true);
    expect(searchFinds(' ls14dl ', ['Leeds', 'LS1 4DL'])).toBe(true);
    expect(searchFinds('LS1  4DL', ['LS1 4DL'])).toBe(true);
    expect(searchFinds('ls15', ['LS1 4DL'])).toBe(false);
    expect(searchFinds('', ['anything'])).toBe(true);
    expect(searchFinds('%', ['50% off'])).toBe(true);
  });
});
