import {
  CatalogueEquipmentDelete,
  CatalogueEquipmentGet,
  CatalogueSupplierGet,
  HiresSitesApplyProjects,
  HiresSitesList,
} from '@planted/contracts';
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

describe('single request subjects (least privilege)', () => {
  it('lets hires ask the catalogue for an item or a supplier, and nothing else of it', () => {
    expect(publishOf('hires').filter((subject) => subject.startsWith('catalogue.'))).toEqual([
      CatalogueEquipmentGet.name,
      CatalogueSupplierGet.name,
    ]);
    expect(publishOf('hires')).not.toContain(CatalogueEquipmentDelete.name);
    expect(publishOf('gateway')).toContain(CatalogueEquipmentDelete.name);
  });

  it('refuses a subject its service does not answer', () => {
    expect(() => permissionsOf({ user: 'x', calls: ['catalogue.made-up.v1'] })).toThrow(
      'x calls catalogue.made-up.v1, which catalogue does not answer',
    );
  });
});
