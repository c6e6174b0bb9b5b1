import { randomUUID } from 'node:crypto';
import { tag, twoCompanies, type Companies } from './catalogue-support';
import { catalogueItems, createHire, createSite, hireFields, postHire, siteFields } from './hires-support';
import { client, startSystem, type Json, type System } from './system';

const NOT_FOUND = 'Site not found';

describe('sites over HTTP (spec §2 Sites, §3 Site, §5 Site, §7 Sites), with a second company probing', () => {
  let sys: System;
  let api: ReturnType<typeof client>;
  let co: Companies;

  beforeAll(async () => {
    sys = await startSystem();
    api = client(sys.url);
    co = await twoCompanies(sys, 'Sites');
  }, 60_000);
  afterAll(() => sys?.close());

  it('needs a session on every sites route', async () => {
    for (const [method, url] of [
      ['GET', '/api/sites'],
      ['POST', '/api/sites'],
      ['GET', `/api/sites/${randomUUID()}`],
      ['PUT', `/api/sites/${randomUUID()}`],
      ['DELETE', `/api/sites/${randomUUID()}`],
    ]) {
      const res = await api.request(method, url, { body: method === 'GET' ? undefined : {} });
      expect({ method, url, status: res.status }).toEqual({ method, url, status: 401 });
    }
  });

  describe('adding (any role, spec §6) with the spec §5 rules', () => {
    it('adds a site, GB and active by default, placed on the map by the server', async () => {
      const res = await api.post(
        '/api/sites',
        {
          name: 'Leeds Depot',
          address_line_1: '1 Wellington Street',
          city: 'Leeds',
          postcode: 'ls1 4dl',
          job_number: 'J-100',
        },
        co.aUser.token,
      );
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        message: 'Site created successfully',
        site: {
          id: expect.any(String),
          name: 'Leeds Depot',
          address_line_1: '1 Wellington Street',
          address_line_2: null,
          city: 'Leeds',
          county: null,
          postcode: 'LS1 4DL',
          country: 'GB',
          job_number: 'J-100',
          status: 'active',
          zahara_project_id: null,
          latitude: expect.any(Number),
          longitude: expect.any(Number),
          geocode_source: 'offline',
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      });
      // Leeds: 53.80 N, 1.55 W (the place data that ships with the app; no key, no internet).
      expect(res.body.site.latitude).toBeCloseTo(53.8, 1);
      expect(res.body.site.longitude).toBeCloseTo(-1.55, 1);
      const got = await api.get(`/api/sites/${res.body.site.id}`, co.a.token);
      expect(got).toMatchObject({ status: 200, body: { site: res.body.site } });
    });

    it('takes a postcode of the site’s country, written as that country writes it; refuses others', async () => {
      const spaced = await createSite(api, co.a.token, 'Spaced', { postcode: 'sw1a1aa', job_number: null });
      expect(spaced.postcode).toBe('SW1A 1AA');
      const zip = await createSite(api, co.a.token, 'Zip', {
        postcode: '10118',
        country: 'US',
        job_number: null,
      });
      expect(zip.postcode).toBe('10118');
      const invalid = {
        error: 'Please enter a valid postcode for the country',
        details: [{ param: 'postcode', msg: 'Please enter a valid postcode for the country' }],
      };
      const bad = await api.post('/api/sites', siteFields('Bad', { postcode: 'NOTAPOSTCODE!!' }), co.a.token);
      expect([bad.status, bad.body]).toEqual([400, invalid]);
      // An edit that leaves the country out is checked against the site’s own (US here).
      // (siteFields sends no country.)
      const edit = await api.put(
        `/api/sites/${zip.id}`,
        siteFields('Zip', { postcode: 'E14 5AB', job_number: null }),
        co.a.token,
      );
      expect([edit.status, edit.body]).toEqual([400, invalid]);
    });

    it('keeps a job number to one site of the company (any case); another company may use it', async () => {
      const number = `JN-${Date.now()}`;
      const first = await createSite(api, co.a.token, 'First', { job_number: number });
      const taken = {
        error: 'Another site already has this job number',
        details: [{ param: 'job_number', msg: 'Another site already has this job number' }],
      };
      const again = await api.post(
        '/api/sites',
        siteFields('Second', { job_number: number.toLowerCase() }),
        co.a.token,
      );
      expect([again.status, again.body]).toEqual([409, taken]);
      // Two at once: one wins.
      const racing = `JR-${Date.now()}`;
      const both = await Promise.all([
        api.post('/api/sites', siteFields('Race 1', { job_number: racing }), co.a.token),
        api.post('/api/sites', siteFields('Race 2', { job_number: racing }), co.a.token),
      ]);
      expect(both.map((res) => res.status).sort()).toEqual([201, 409]);
      const other = await createSite(api, co.a.token, 'Other', { job_number: null });
      const moved = await api.put(
        `/api/sites/${other.id}`,
        siteFields('Other', { job_number: number }),
        co.a.token,
      );
      expect([moved.status, moved.body]).toEqual([409, taken]);
      // Saving a site with its own number is no clash.
      const same = await api.put(
        `/api/sites/${first.id}`,
        siteFields('First renamed', { job_number: number }),
        co.a.token,
      );
      expect(same.status).toBe(200);
      await createSite(api, co.b.token, 'Theirs', { job_number: number });
    });

    it('requires name, address line 1, city and postcode, with the spec’s messages', async () => {
      const res = await api.post('/api/sites', {}, co.a.token);
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        { param: 'name', msg: 'Site name is required' },
        { param: 'address_line_1', msg: 'Address line 1 is required' },
        { param: 'city', msg: 'City is required' },
        { param: 'postcode', msg: 'Postcode is required' },
      ]);
      expect(res.body.error).toBe('Site name is required');
    });

    it('takes the five countries of spec §3 and no other; statuses active, inactive, completed', async () => {
      const postcodes = { GB: 'E14 5AB', US: '10118', AU: '2000', CA: 'K1A 0B1', IE: 'D02 X285' };
      for (const [country, postcode] of Object.entries(postcodes)) {
        const res = await api.post(
          '/api/sites',
          siteFields(`In ${country}`, { country, postcode }),
          co.a.token,
        );
        expect({ country, status: res.status }).toEqual({ country, status: 201 });
        expect(res.body.site.country).toBe(country);
      }
      const fr = await api.post('/api/sites', siteFields('In FR', { country: 'FR' }), co.a.token);
      expect(fr.status).toBe(400);
      expect(fr.body.details).toEqual([{ param: 'country', msg: 'Please select a valid country' }]);
      const inactive = await api.post('/api/sites', siteFields('Idle', { status: 'inactive' }), co.a.token);
      expect(inactive.body.site.status).toBe('inactive');
      const bad = await api.post('/api/sites', siteFields('Odd', { status: 'paused' }), co.a.token);
      expect(bad.status).toBe(400);
      expect(bad.body.details).toEqual([
        { param: 'status', msg: 'Status must be one of active, inactive or completed' },
      ]);
    });

    it('keeps a site it cannot place, with no position', async () => {
      // No town the place data knows, and a postcode of no UK area.
      const site = await createSite(api, co.a.token, 'Nowhere', {
        city: 'Qwxzzy',
        county: '',
        postcode: 'XX9 9XX',
      });
      expect(site).toMatchObject({ latitude: null, longitude: null, geocode_source: null });
    });

    it('refuses overlong fields', async () => {
      const res = await api.post(
        '/api/sites',
        siteFields('x'.repeat(256), {
          address_line_1: 'a'.repeat(256),
          address_line_2: 'b'.repeat(256),
          city: 'c'.repeat(101),
          county: 'd'.repeat(101),
          postcode: 'P'.repeat(21),
          job_number: 'J'.repeat(31),
        }),
        co.a.token,
      );
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        { param: 'name', msg: 'Site name must be 255 characters or less' },
        { param: 'address_line_1', msg: 'Address must be 255 characters or less' },
        { param: 'address_line_2', msg: 'Address must be 255 characters or less' },
        { param: 'city', msg: 'City must be 100 characters or less' },
        { param: 'county', msg: 'County must be 100 characters or less' },
        { param: 'postcode', msg: 'Postcode must be 20 characters or less' },
        { param: 'job_number', msg: 'Job number must be 30 characters or less' },
      ]);
    });
  });

  describe('listing', () => {
    it('lists the company’s sites newest first, searching name, address, city, postcode and job number', async () => {
      const word = tag('find');
      const named = await createSite(api, co.a.token, `Wharf ${word}`);
      const byAddress = await createSite(api, co.a.token, 'Depot', { address_line_1: `${word} Lane` });
      const byCity = await createSite(api, co.a.token, 'Yard', { city: `Town${word}` });
      const byJob = await createSite(api, co.a.token, 'Job', { job_number: `J-${word}`.slice(0, 50) });
      // A postcode of the form, met by no other site of this company.
      const n = Math.floor(Math.random() * 90_000);
      const postcode = `ZE${10 + (n % 89)} ${n % 10}${'ABDEFGHJLNPQRSTUWXYZ'[n % 20]}${'ABDEFGHJLNPQRSTUWXYZ'[Math.floor(n / 20) % 20]}`;
      const byPostcode = await createSite(api, co.a.token, 'Post', { postcode });
      const res = await api.get(`/api/sites?search=${word}`, co.aUser.token);
      expect(res.status).toBe(200);
      expect(res.body.sites.map((s: Json) => s.id)).toEqual([byJob.id, byCity.id, byAddress.id, named.id]);
      expect(res.body.pagination).toEqual({ page: 1, limit: 12, total: 4, pages: 1 });
      const pc = await api.get(`/api/sites?search=${encodeURIComponent(postcode.toLowerCase())}`, co.a.token);
      expect(pc.body.sites.map((s: Json) => s.id)).toEqual([byPostcode.id]);
      const other = await api.get(`/api/sites?search=${word}`, co.b.token);
      expect(other.body).toEqual({ sites: [], pagination: { page: 1, limit: 12, total: 0, pages: 1 } });
    });

    it('pages 12 at a time by default and up to 1000 for dropdowns', async () => {
      const page2 = await api.get('/api/sites?page=2&limit=2', co.a.token);
      expect(page2.status).toBe(200);
      expect(page2.body.sites).toHaveLength(2);
      expect(page2.body.pagination).toMatchObject({ page: 2, limit: 2 });
      expect((await api.get('/api/sites?limit=1000', co.a.token)).status).toBe(200);
      const tooMany = await api.get('/api/sites?limit=1001', co.a.token);
      expect(tooMany).toMatchObject({
        status: 400,
        body: { error: 'Limit must be a whole number from 1 to 1000' },
      });
      expect(await api.get('/api/sites?page=0', co.a.token)).toMatchObject({
        status: 400,
        body: { error: 'Page must be a whole number from 1 to 1000000' },
      });
      expect(await api.get(`/api/sites?search=${'s'.repeat(201)}`, co.a.token)).toMatchObject({
        status: 400,
        body: { error: 'Search must be 200 characters or less' },
      });
    });
  });

  describe('changing and deleting', () => {
    it('changes a site, and places it again when its address changes', async () => {
      const site = await createSite(api, co.a.token, 'Moving');
      const res = await api.put(
        `/api/sites/${site.id}`,
        siteFields('Moved', { city: 'Manchester', postcode: 'M1 1AA', status: 'completed' }),
        co.aUser.token,
      );
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Site updated successfully');
      expect(res.body.site).toMatchObject({
        id: site.id,
        name: 'Moved',
        city: 'Manchester',
        status: 'completed',
      });
      // Manchester: 53.48 N, 2.24 W.
      expect(res.body.site.latitude).toBeCloseTo(53.48, 1);
      expect(res.body.site.longitude).toBeCloseTo(-2.24, 1);
    });

    it('deletes a site; a second delete answers 404', async () => {
      const site = await createSite(api, co.a.token, 'Short-lived');
      const res = await api.delete(`/api/sites/${site.id}`, co.aUser.token);
      expect(res).toMatchObject({ status: 200, body: { message: 'Site deleted successfully' } });
      expect(await api.delete(`/api/sites/${site.id}`, co.a.token)).toMatchObject({
        status: 404,
        body: { error: NOT_FOUND },
      });
      expect((await api.get(`/api/sites/${site.id}`, co.a.token)).status).toBe(404);
    });

    it('refuses to delete a site while hires refer to it (409)', async () => {
      const site = await createSite(api, co.a.token, 'Busy');
      const items = await catalogueItems(api, co.a.token, 'SiteHire');
      const hire = await createHire(api, co.a.token, hireFields(items, site, { hire_status: 'completed' }));
      const res = await api.delete(`/api/sites/${site.id}`, co.a.token);
      expect(res).toEqual(
        expect.objectContaining({
          status: 409,
          body: {
            error:
              "This site has hires, so it cannot be deleted. Delete its hires first, or set the site's status to Completed.",
          },
        }),
      );
      expect((await api.delete(`/api/hires/${hire.id}`, co.a.token)).status).toBe(200);
      expect((await api.delete(`/api/sites/${site.id}`, co.a.token)).status).toBe(200);
    });

    it('answers an id that is not an id, and an unknown one, with 404', async () => {
      expect(await api.get('/api/sites/not-an-id', co.a.token)).toMatchObject({
        status: 404,
        body: { error: NOT_FOUND },
      });
      expect(await api.get(`/api/sites/${randomUUID()}`, co.a.token)).toMatchObject({
        status: 404,
        body: { error: NOT_FOUND },
      });
    });
  });

  describe('a second company probing every id-taking route', () => {
    it('gets 404 on get, change and delete, and nothing changes', async () => {
      const site = await createSite(api, co.a.token, 'Private yard');
      const probes = [
        await api.get(`/api/sites/${site.id}`, co.b.token),
        await api.put(`/api/sites/${site.id}`, siteFields('Taken over'), co.b.token),
        await api.delete(`/api/sites/${site.id}`, co.b.token),
      ];
      for (const res of probes) expect(res).toMatchObject({ status: 404, body: { error: NOT_FOUND } });
      const after = await api.get(`/api/sites/${site.id}`, co.a.token);
      expect(after.body.site).toEqual(site);
      const listed = await api.get('/api/sites?limit=1000', co.b.token);
      expect(listed.body.sites.map((s: Json) => s.id)).not.toContain(site.id);
    });

    it('cannot put a hire on another company’s site', async () => {
      const site = await createSite(api, co.a.token, 'A only');
      const items = await catalogueItems(api, co.b.token, 'Probe');
      const res = await postHire(api, co.b.token, hireFields(items, site));
      expect(res).toMatchObject({ status: 404, body: { error: NOT_FOUND } });
      const listed = await api.get('/api/hires?status=active,completed,collection_booked', co.b.token);
      expect(listed.body.hires).toEqual([]);
    });
  });

  describe('Idempotency-Key on adding', () => {
    it('adds once for one key and body; another body with the key is a 409', async () => {
      const key = randomUUID();
      const name = `Once ${tag('idem')}`;
      const body = siteFields(name);
      const send = (n: string) =>
        api.request('POST', '/api/sites', {
          body: { ...body, name: n },
          token: co.a.token,
          headers: { 'Idempotency-Key': key },
        });
      const first = await send(name);
      const again = await send(name);
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body.site.id).toBe(first.body.site.id);
      expect((await send(`${name} changed`)).status).toBe(409);
      const listed = await api.get(`/api/sites?search=${encodeURIComponent(name)}`, co.a.token);
      expect(listed.body.pagination.total).toBe(1);
    });
  });

  describe('GraphQL', () => {
    const gql = (query: string, token?: string) => api.post('/graphql', { query }, token);

    it('lists the caller’s company’s sites only, with the same validation', async () => {
      const word = tag('gql');
      const site = await createSite(api, co.a.token, `Graph ${word}`);
      const query = `{ sites(search: "${word}", limit: 5) { sites { id name country latitude } pagination { page pages total } } }`;
      const a = await gql(query, co.a.token);
      expect(a.body.errors).toBeUndefined();
      expect(a.body.data.sites).toEqual({
        sites: [{ id: site.id, name: site.name, country: 'GB', latitude: site.latitude }],
        pagination: { page: 1, pages: 1, total: 1 },
      });
      const b = await gql(query, co.b.token);
      expect(b.body.data.sites).toEqual({ sites: [], pagination: { page: 1, pages: 1, total: 0 } });
      const tooMany = await gql('{ sites(limit: 1001) { pagination { pages } } }', co.a.token);
      expect(tooMany.body.errors[0]).toMatchObject({
        message: 'Limit must be a whole number from 1 to 1000',
        extensions: { code: 'VALIDATION_FAILED', status: 400 },
      });
      const anonymous = await gql('{ sites { pagination { pages } } }');
      expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    });
  });
});
