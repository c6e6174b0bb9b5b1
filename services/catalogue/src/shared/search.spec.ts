import { PgDialect } from 'drizzle-orm/pg-core';
import { fillPlaceholders, sql } from 'drizzle-orm';
import {
  allOf,
  containsPattern,
  materialization,
  offsetOf,
  pageShape,
  placeholders,
  trigramSearchable,
  valuesOf,
} from './search';

describe('search helpers', () => {
  it('makes a term a contains-pattern whose wildcards are literal', () => {
    expect(containsPattern('te 70')).toBe('%te 70%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('pages from 1', () => {
    expect(offsetOf(1, 12)).toBe(0);
    expect(offsetOf(3, 12)).toBe(24);
  });

  it('joins the conditions given with and, leaving out the missing ones', () => {
    const dialect = new PgDialect();
    expect(dialect.sqlToQuery(allOf(sql`a = ${1}`, undefined, sql`b = ${2}`))).toMatchObject({
      sql: 'a = $1 and b = $2',
      params: [1, 2],
    });
    expect(dialect.sqlToQuery(allOf()).sql).toBe('true');
  });
});

describe('materialization', () => {
  const dialect = new PgDialect();
  it('reads the matches once when searching or listing favourites, else lets the page walk the name index', () => {
    expect(dialect.sqlToQuery(materialization({ search: 'x' })).sql).toBe('materialized');
    expect(dialect.sqlToQuery(materialization({ favoritesOnly: true })).sql).toBe('materialized');
    expect(dialect.sqlToQuery(materialization({})).sql).toBe('not materialized');
  });
});

describe('statements built once per shape', () => {
  const dialect = new PgDialect();
  it('names the filters a list statement has', () => {
    expect(pageShape({})).toBe('');
    expect(pageShape({ search: 'x', category: 'Welding', favoritesOnly: true })).toBe('scf');
    expect(pageShape({ search: '', favoritesOnly: false })).toBe('');
  });

  it('takes values from the request, or as placeholders to be given by name', () => {
    expect(valuesOf({ a: 1, b: null })('b')).toBeNull();
    expect(() => valuesOf({ a: 1 })('c')).toThrow('No value for c');
    const query = dialect.sqlToQuery(sql`a = ${placeholders('a')}`);
    expect(query.sql).toBe('a = $1');
    expect(fillPlaceholders(query.params, { a: 'x' })).toEqual(['x']);
  });

  it('keeps a search off the shared generic plan when the trigram index cannot narrow it', () => {
    expect(trigramSearchable('hilti')).toBe(true);
    expect(trigramSearchable('te 70')).toBe(false);
    expect(trigramSearchable('ab')).toBe(false);
    expect(trigramSearchable('a-b_c%d')).toBe(false);
    expect(trigramSearchable('Ñandú')).toBe(true);
    expect(trigramSearchable('x 2024')).toBe(true);
  });
});
