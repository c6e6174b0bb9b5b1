import * as contracts from '@planted/contracts';
import type { RequestSubject } from '@planted/contracts';
import { IDENTITY_EVENT_SUBJECTS, identityStreamSpec } from './event-stream';

const requestSubjects = (Object.values(contracts) as unknown[])
  .filter(
    (v): v is RequestSubject =>
      typeof v === 'object' && v !== null && (v as RequestSubject).kind === 'request',
  )
  .map((s) => s.name);

describe('identity event stream', () => {
  it('captures every identity event of the contracts', () => {
    expect(IDENTITY_EVENT_SUBJECTS).toEqual(
      expect.arrayContaining([
        contracts.CustomerCreated.name,
        contracts.CustomerUpdated.name,
        contracts.UserCreated.name,
        contracts.UserUpdated.name,
        contracts.InvitationCreated.name,
      ]),
    );
  });

  it('never captures a request subject (JetStream would answer the request with its PubAck)', () => {
    const spec = identityStreamSpec('run1');
    expect(spec.name).toBe('run1_IDENTITY');
    for (const subject of spec.subjects) {
      expect(subject.startsWith('run1.identity.')).toBe(true);
      expect(subject).not.toMatch(/[*>]/);
    }
    for (const request of requestSubjects) expect(spec.subjects).not.toContain(`run1.${request}`);
  });
});
