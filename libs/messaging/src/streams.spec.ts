import { natsName, streamName } from './streams';

describe('streamName', () => {
  it('puts the subject prefix in the name so test runs and environments get their own streams', () => {
    expect(streamName('t_abc', 'HIRES')).toBe('t_abc_HIRES');
    expect(streamName('', 'HIRES')).toBe('HIRES');
  });

  it('replaces the characters NATS forbids in stream names', () => {
    expect(streamName('dev.eu west', 'hires.*>')).toBe('dev_eu_west_hires___');
    expect(streamName('a/b\\c', 'X')).toBe('a_b_c_X');
  });
});

describe('natsName', () => {
  it('keeps valid names as they are', () => {
    expect(natsName('hires-read-model_2')).toBe('hires-read-model_2');
  });

  it('refuses an empty name', () => {
    expect(() => natsName('')).toThrow('cannot be empty');
  });
});
