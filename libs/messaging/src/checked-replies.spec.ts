import { CheckedReplies } from './typed-client';

describe('CheckedReplies', () => {
  it('answers a checked reply by subject and exact text', () => {
    const checked = new CheckedReplies();
    checked.set('a.v1', '{"x":1}', '{"x":1}');
    expect(checked.get('a.v1', '{"x":1}')).toBe('{"x":1}');
    expect(checked.get('b.v1', '{"x":1}')).toBeUndefined();
    expect(checked.get('a.v1', '{"x": 1}')).toBeUndefined();
  });

  it('keeps at most its capacity in characters, dropping the first kept first', () => {
    // Each entry weighs its text (5) and its JSON (5): 10.
    const checked = new CheckedReplies(30);
    checked.set('a.v1', '{"1":', 'json!');
    checked.set('b.v1', '{"2":', 'json!');
    checked.set('a.v1', '{"3":', 'json!');
    // Kept once.
    checked.set('a.v1', '{"3":', 'json!');
    expect(checked.size).toBe(3);
    checked.set('b.v1', '{"4":', 'json!');
    expect(checked.size).toBe(3);
    expect(checked.get('a.v1', '{"1":')).toBeUndefined();
    expect(checked.get('b.v1', '{"2":')).toBe('json!');
    expect(checked.get('b.v1', '{"4":')).toBe('json!');
    // Larger than the whole capacity: not kept.
    checked.set('a.v1', 'x'.repeat(50), 'json!');
    expect(checked.get('a.v1', 'x'.repeat(50))).toBeUndefined();
  });

  it('stays within its capacity over many replies', () => {
    const checked = new CheckedReplies(1000);
    for (let i = 0; i < 5000; i++) checked.set('a.v1', `{"n":${String(i).padStart(5, '0')}}`, 'x'.repeat(40));
    // 11 + 40 characters each: 19 fit.
    expect(checked.size).toBe(19);
    expect(checked.get('a.v1', '{"n":04999}')).toBe('x'.repeat(40));
    expect(checked.get('a.v1', '{"n":04980}')).toBeUndefined();
  });

  it('tells apart long replies of the same length, start, middle and end', () => {
    const checked = new CheckedReplies();
    // 2,002 characters each, differing only at 300 and 1,600 (outside the sampled slices).
    const reply = (a: string, b: string) =>
      `{"p":"${'x'.repeat(294)}${a}${'y'.repeat(1299)}${b}${'z'.repeat(399)}"}`;
    const [one, two, three] = [reply('1', '1'), reply('2', '1'), reply('1', '2')];
    expect(new Set([one.length, two.length, three.length])).toEqual(new Set([2002]));
    checked.set('a.v1', one, 'one');
    checked.set('a.v1', two, 'two');
    expect(checked.get('a.v1', one)).toBe('one');
    expect(checked.get('a.v1', two)).toBe('two');
    expect(checked.get('a.v1', three)).toBeUndefined();
    // A copy made apart (as each reply's text is) is found.
    expect(checked.get('a.v1', [...one].join(''))).toBe('one');
  });

  it('keeps a few replies under one key, and drops them in the order kept', () => {
    const checked = new CheckedReplies(20 * 2100);
    const reply = (n: number) => `{"p":"${'x'.repeat(500)}${String(n).padStart(4, '0')}${'y'.repeat(1488)}"}`;
    for (let n = 0; n < 12; n++) checked.set('a.v1', reply(n), `json ${n}`);
    // Eight share the key; the rest are not kept.
    expect(checked.size).toBe(8);
    expect(checked.get('a.v1', reply(7))).toBe('json 7');
    expect(checked.get('a.v1', reply(8))).toBeUndefined();
    const long = (n: number) => `{"q":${n},"p":"${'x'.repeat(2080)}"}`;
    for (let n = 0; n < 19; n++) checked.set('a.v1', long(n), 'j');
    // 20 entries of about 2,100 fit: the oldest of the first eight went first.
    expect(checked.get('a.v1', reply(0))).toBeUndefined();
    expect(checked.get('a.v1', long(18))).toBe('j');
    expect(checked.size).toBeLessThanOrEqual(20);
  });
});
