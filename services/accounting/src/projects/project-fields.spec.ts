import {
  projectCodeOf,
  projectFromSite,
  sameProject,
  siteFromProject,
  type SiteForProject,
} from './project-fields';
import type { ZaharaProject } from '../zahara/zahara.models';

const site: SiteForProject = {
  id: '5f0c6c1e-2b7a-4c1e-9a55-0d6f1f0b9a01',
  name: 'Canal Wharf',
  addressLine1: '12 Canal Street',
  addressLine2: null,
  city: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'LS1 4AB',
  country: 'GB',
  jobNumber: 'J-3001',
  status: 'completed',
};

const asProject = (write: ReturnType<typeof projectFromSite>, id = 300099): ZaharaProject => ({
  ProjectId: id,
  ...write,
  LastUpdated: '2026-11-25T18:53:14.600Z',
});

describe('a site as a Zahara project and back (issue 12 project sync)', () => {
  it("writes the job number as ProjectCode, the status as Zahara's number, the address one line each", () => {
    expect(projectFromSite(site)).toEqual({
      ProjectName: 'Canal Wharf',
      ProjectCode: 'J-3001',
      Status: 3,
      Address: {
        AddressLines: '12 Canal Street\nLeeds\nWest Yorkshire',
        Postcode: 'LS1 4AB',
        CountryCode: 'GB',
      },
    });
  });

  it('gives a site without a job number a code of its own, the same every time', () => {
    const code = projectCodeOf({ ...site, jobNumber: null });
    expect(code).toBe('PL5F0C6C1E2B7A');
    expect(code.length).toBeLessThanOrEqual(30);
    expect(projectCodeOf({ ...site, jobNumber: '  ' })).toBe(code);
  });

  it.each([
    ['street, town and county', site],
    ['two street lines', { ...site, addressLine2: 'Unit 4' }],
    ['no county', { ...site, county: null }],
    ['a status of inactive', { ...site, status: 'inactive' as const }],
  ])('a site made from its own project compares equal to it (%s)', (_, s) => {
    const project = asProject(projectFromSite(s));
    const back = siteFromProject(project)!;
    const again = projectFromSite({
      ...s,
      ...{ name: back.name, jobNumber: back.job_number, status: back.status },
    });
    expect(sameProject(again, project)).toBe(true);
    expect(
      sameProject(
        projectFromSite({
          id: s.id,
          name: back.name,
          addressLine1: back.address_line_1,
          addressLine2: back.address_line_2,
          city: back.city,
          county: back.county,
          postcode: back.postcode,
          country: back.country,
          jobNumber: back.job_number,
          status: back.status,
        }),
        project,
      ),
    ).toBe(true);
  });

  it("reads Zahara's seed project as a site", () => {
    expect(
      siteFromProject({
        ProjectId: 300001,
        ProjectName: 'Riverside Quarter Phase 2',
        ProjectCode: 'J-2041',
        Status: 1,
        Address: {
          AddressLines: 'Plot 4, Riverside Way\nSalford\nGreater Manchester',
          Postcode: 'm5 4wt',
          CountryCode: 'GB',
        },
        LastUpdated: '2026-04-29T18:53:14.453Z',
      }),
    ).toEqual({
      name: 'Riverside Quarter Phase 2',
      address_line_1: 'Plot 4, Riverside Way',
      address_line_2: null,
      city: 'Salford',
      county: 'Greater Manchester',
      postcode: 'M5 4WT',
      country: 'GB',
      job_number: 'J-2041',
      status: 'active',
    });
  });

  it('leaves alone a project that cannot be a site (no town, no postcode, a country sites do not have)', () => {
    const base = asProject(projectFromSite(site));
    expect(
      siteFromProject({ ...base, Address: { AddressLines: '12 Canal Street', Postcode: 'LS1 4AB' } }),
    ).toBeNull();
    expect(siteFromProject({ ...base, Address: { AddressLines: 'a\nb', Postcode: '' } })).toBeNull();
    expect(
      siteFromProject({ ...base, Address: { AddressLines: 'a\nb', Postcode: 'X', CountryCode: 'FR' } }),
    ).toBeNull();
  });

  it('sees a change in any field the two share', () => {
    const project = asProject(projectFromSite(site));
    expect(sameProject(projectFromSite(site), project)).toBe(true);
    expect(sameProject(projectFromSite({ ...site, name: 'Canal Wharf II' }), project)).toBe(false);
    expect(sameProject(projectFromSite({ ...site, status: 'active' }), project)).toBe(false);
    expect(sameProject(projectFromSite({ ...site, postcode: 'LS1 4AC' }), project)).toBe(false);
    expect(sameProject(projectFromSite({ ...site, postcode: 'ls1 4ab' }), project)).toBe(true);
  });
});
