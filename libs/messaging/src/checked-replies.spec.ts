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
});
