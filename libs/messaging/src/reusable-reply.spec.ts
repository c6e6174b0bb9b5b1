import 'reflect-metadata';
import { NatsRecordSerializer } from '@nestjs/microservices/serializers';
import { ReplySerializer, reusableReply } from './reusable-reply';

const decoder = new TextDecoder();
const text = (serialized: { data: Uint8Array }) => decoder.decode(serialized.data);

describe('ReplySerializer', () => {
  const ours = new ReplySerializer();
  const nest = new NatsRecordSerializer();

  it.each([
    [
      'an answer',
      { response: { id: 'a', n: 1, at: new Date(0), none: undefined }, isDisposed: true, id: '7' },
    ],
    ['an array', { response: [1, 'two', null], isDisposed: true, id: 'x"y' }],
    ['a string', { response: 'é\u2028"', isDisposed: true, id: '1' }],
    ['null', { response: null, isDisposed: true, id: '1' }],
    ['no answer', { response: undefined, isDisposed: true, id: '1' }],
    ['an error', { err: { code: 'NOT_FOUND', message: 'Nope' }, isDisposed: true, id: '2' }],
    ['no handler', { id: '3', status: 'error', err: 'There is no matching message handler defined' }],
  ])('writes %s byte for byte as Nest does', (_name, packet) => {
    expect(text(ours.serialize({ ...packet }))).toBe(
      text(nest.serialize({ ...packet }) as { data: Uint8Array }),
    );
  });

  it('writes a reusable answer as Nest would, from the bytes kept the first time', () => {
    const answer = reusableReply({ items: [{ id: 'a' }], total: 1 });
    const packet = () => ({ response: answer, isDisposed: true, id: '9' });
    const expected = text(nest.serialize(packet()) as { data: Uint8Array });
    expect(text(ours.serialize(packet()))).toBe(expected);
    expect(text(ours.serialize(packet()))).toBe(expected);
  });

  it('leaves what it cannot write to Nest’s serializer, which fails as it always did', () => {
    expect(() => ours.serialize({ response: { n: 1n }, isDisposed: true, id: '1' })).toThrow();
  });
});
