import * as contracts from '@planted/contracts';
import type { RequestSubject } from '@planted/contracts';
import { contractEventsOf, eventStreamSpec } from './event-stream';

const requestSubjects = (Object.values(contracts) as unknown[])
  .filter(
    (v): v is RequestSubject =>
      typeof v === 'object' && v !== null && (v as RequestSubject).kind === 'request',
  )
  .map((s) => s.name);

describe('a service’s event stream', () => {
  it('captures every event of the contracts under the service’s name, and only those', () => {
    const identity = contractEventsOf('identity');
    expect(identity).toEqual(
      expect.arrayContaining([
        contracts.CustomerCreated.name,
        contracts.CustomerUpdated.name,
        contracts.UserCreated.name,
        contracts.UserUpdated.name,
        contracts.InvitationCreated.name,
      ]),
    );
    for (const subject of identity) expect(subject.startsWith('identity.')).toBe(true);
    expect(contractEventsOf('nobody')).toEqual([]);
  });

  it('never captures a request subject (JetStream would answer the request with its PubAck)', () => {
    const spec = eventStreamSpec(
      { name: 'IDENTITY', subjects: contractEventsOf('identity'), description: 'identity events' },
      'run1',
    );
    expect(spec.name).toBe('run1_IDENTITY');
    expect(spec.subjects.length).toBeGreaterThan(0);
    for (const subject of spec.subjects) {
      expect(subject.startsWith('run1.identity.')).toBe(true);
      expect(subject).not.toMatch(/[*>]/);
    }
    for (const request of requestSubjects) expect(spec.subjects).not.toContain(`run1.${request}`);
  });
});
