import { inlineParams } from './inline-params';

describe('inlineParams', () => {
  it('writes each value as a quoted literal in place of its placeholder', () => {
    expect(inlineParams('select * from "t" where "a" = $1 and "b" = $2', ['x', 42])).toBe(
      `select * from "t" where "a" = 'x' and "b" = '42'`,
    );
  });

  it('tells $1 from $10 and $11', () => {
    const values = Array.from({ length: 11 }, (_, i) => `v${i + 1}`);
    expect(inlineParams('select $1, $10, $11', values)).toBe(`select 'v1', 'v10', 'v11'`);
  });

  it('doubles quotes and escapes backslashes, so a value can never end its literal', () => {
    expect(inlineParams('select $1', [`O'Brien'); drop table users; --`])).toBe(
      `select 'O''Brien''); drop table users; --'`,
    );
    expect(inlineParams('select $1', ['a\\b'])).toBe(`select E'a\\\\b'`);
  });

  it('writes null and undefined as NULL, booleans, dates and buffers in PostgreSQL text form', () => {
    expect(inlineParams('select $1, $2, $3', [null, undefined, true])).toBe(`select NULL, NULL, 'true'`);
    expect(inlineParams('select $1', [Buffer.from([0xde, 0xad])])).toBe(`select '\\xdead'`);
    const when = new Date(Date.UTC(2026, 2, 5, 12, 0, 0));
    expect(inlineParams('select $1::timestamptz', [when])).toMatch(
      /^select '2026-03-05T\d\d:00:00\.000[+-]\d\d:\d\d'::timestamptz$/,
    );
  });

  it('leaves placeholders inside quoted identifiers and strings alone', () => {
    expect(inlineParams(`select "a$1", 'cost $1' from t where x = $1`, ['v'])).toBe(
      `select "a$1", 'cost $1' from t where x = 'v'`,
    );
  });

  it('refuses statements it cannot tokenise safely, and placeholders without a value', () => {
    expect(() => inlineParams(`select E'\\n' where a = $1`, ['x'])).toThrow(/escapes or dollar quoting/);
    expect(() => inlineParams('select $$ $1 $$', ['x'])).toThrow(/escapes or dollar quoting/);
    expect(() => inlineParams('select $tag$ $1 $tag$', ['x'])).toThrow(/escapes or dollar quoting/);
    expect(() => inlineParams('select $2', ['x'])).toThrow(/no value for \$2/);
    expect(() => inlineParams('select $0', ['x'])).toThrow(/no value for \$0/);
  });
});
