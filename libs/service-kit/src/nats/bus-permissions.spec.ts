import { HiresSitesApplyProjects, HiresSitesList } from '@planted/contracts';
import { BUS_PARTICIPANTS, permissionsOf } from './bus-permissions';

const publishOf = (user: string) =>
  permissionsOf(BUS_PARTICIPANTS.find((participant) => participant.user === user)!).publish;

describe('request subjects reserved for named callers (issue 12, project sync)', () => {
  it("lets only the accounting connector publish project sync's writes to sites", () => {
    expect(publishOf('accounting')).toContain(HiresSitesApplyProjects.name);
    // The gateway calls hires, but not this subject: no browser route reaches it.
    expect(publishOf('gateway')).toContain(HiresSitesList.name);
    expect(publishOf('gateway')).not.toContain(HiresSitesApplyProjects.name);
    for (const user of ['identity', 'catalogue', 'billing', 'hires'])
      expect(publishOf(user)).not.toContain(HiresSitesApplyProjects.name);
  });

  it('gives the connector no other hires subject (it is no general caller of hires)', () => {
    expect(publishOf('accounting').filter((subject) => subject.startsWith('hires.'))).toEqual([
      HiresSitesApplyProjects.name,
    ]);
  });
});
