import { randomUUID } from 'node:crypto';
import { HIRES_MESSAGES, SubscriptionChanged } from '@planted/contracts';
import { eventually, type Member } from './catalogue-support';
import {
  catalogueItems,
  createHire,
  createSite,
  hireFields,
  postHire,
  type Catalogue,
} from './hires-support';
import { client, company, startSystem, type Json, type System } from './system';

/**
 * Spec §4 Hire limit, §6, §9 Plans (Free Edition: 5 hires): creating an active hire, or
 * setting one back to active, at or over the plan's maximum is refused with 403 and the
 * contract's message, which the hire screen turns into its Upgrade Required modal.
 */
describe('plan limits on hires over HTTP (spec §4 Hire limit, §9 Plans)', () => {
  let sys: System;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    sys = await startSystem();
    api = client(sys.url);
  }, 60_000);
  afterAll(() => sys?.close());

  interface Company extends Member {
    items: Catalogue;
    site: Json;
  }

  async function freeCompany(label: string): Promise<Company> {
    const reg = await api.post('/api/auth/register', company(label));
    expect(reg.status).toBe(201);
    const token = reg.body.token;
    return {
      token,
      customerId: reg.body.customer.id,
      userId: reg.body.user.id,
      items: await catalogueItems(api, token, label),
      site: await createSite(api, token, `${label} yard`),
    };
  }

  const usage = async (co: Company) => (await api.get('/api/hires/subscription-usage', co.token)).body;
  const active = (co: Company, extra: Record<string, unknown> = {}) =>
    hireFields(co.items, co.site, { hire_status: 'active', ...extra });

  const LIMIT_REACHED = { status: 403, body: { error: HIRES_MESSAGES.HIRE_LIMIT_REACHED } };

  it('refuses the free plan’s sixth active hire with 403, creating nothing', async () => {
    const co = await freeCompany('FreeSix');
    expect(await usage(co)).toEqual({ plan: 'free', usage: { hires: { current: 0, max: 5 } } });
    // Completed and collection-booked hires are not active: they take no slot.
    const done = await api.post('/api/hires', active(co, { hire_status: 'completed' }), co.token);
    expect(done.status).toBe(201);
    const booked = await api.post('/api/hires', active(co, { hire_status: 'collection_booked' }), co.token);
    expect(booked.status).toBe(201);
    expect(await usage(co)).toEqual({ plan: 'free', usage: { hires: { current: 0, max: 5 } } });
    for (let i = 1; i <= 5; i++) {
      const res = await postHire(api, co.token, active(co));
      expect({ i, status: res.status }).toEqual({ i, status: 201 });
      expect(await usage(co)).toEqual({ plan: 'free', usage: { hires: { current: i, max: 5 } } });
    }
    const sixth = await api.post('/api/hires', active(co), co.token);
    expect(sixth).toMatchObject(LIMIT_REACHED);
    expect(sixth.body).toEqual({
      error: "Your plan's active hire limit is reached. Upgrade to add more active hires.",
    });
    const listed = await api.get('/api/hires?status=active', co.token);
    expect(listed.body.pagination.total).toBe(5);
    expect((await api.get('/api/customers/stats', co.token)).body.stats.activeHires).toBe(5);

    // At the limit no hire is created, whatever its status (spec §4: creating a hire is blocked).
    for (const hire_status of ['completed', 'collection_booked'])
      expect(await api.post('/api/hires', active(co, { hire_status }), co.token)).toMatchObject(
        LIMIT_REACHED,
      );
    const all = await api.get('/api/hires?status=active,completed,collection_booked', co.token);
    expect(all.body.pagination.total).toBe(7);

    // Setting one back to active is a new active hire too.
    const reactivate = await api.put(`/api/hires/${done.body.hire.id}`, active(co), co.token);
    expect(reactivate).toMatchObject(LIMIT_REACHED);
    expect((await api.get(`/api/hires/${done.body.hire.id}`, co.token)).body.hire.hire_status).toBe(
      'completed',
    );
    // An active hire edited while the plan is full stays active: it takes no new slot.
    const first = listed.body.hires[0];
    const edit = await api.put(`/api/hires/${first.id}`, active(co, { price: 50 }), co.token);
    expect(edit.status).toBe(200);

    // Completing one frees a slot.
    const bulk = await api.put(
      '/api/hires/bulk/status',
      { hireIds: [first.id], status: 'completed' },
      co.token,
    );
    expect(bulk.body.updatedCount).toBe(1);
    expect(await usage(co)).toEqual({ plan: 'free', usage: { hires: { current: 4, max: 5 } } });
    expect((await api.put(`/api/hires/${done.body.hire.id}`, active(co), co.token)).status).toBe(200);
    expect(await api.post('/api/hires', active(co), co.token)).toMatchObject(LIMIT_REACHED);
  });

  it('lets exactly one of several simultaneous creations take the last free slot', async () => {
    const co = await freeCompany('Race');
    for (let i = 0; i < 4; i++) await createHire(api, co.token, active(co));
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api.post('/api/hires', active(co, { additional_details: `racer ${i}` }), co.token),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 403, 403, 403, 403, 403, 403, 403]);
    for (const refused of answers.filter((a) => a.status === 403))
      expect(refused).toMatchObject(LIMIT_REACHED);
    expect(await usage(co)).toEqual({ plan: 'free', usage: { hires: { current: 5, max: 5 } } });
    const listed = await api.get('/api/hires?status=active&limit=1000', co.token);
    expect(listed.body.hires).toHaveLength(5);
  });

  it('answers a retried creation with its first answer even once the plan is full', async () => {
    const co = await freeCompany('Replay');
    for (let i = 0; i < 4; i++) await createHire(api, co.token, active(co));
    const key = randomUUID();
    const body = active(co, { additional_details: 'the fifth' });
    const first = await postHire(api, co.token, body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const again = await api.request('POST', '/api/hires', {
      body,
      token: co.token,
      headers: { 'Idempotency-Key': key },
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.hire.id).toBe(first.body.hire.id);
    expect(await usage(co)).toEqual({ plan: 'free', usage: { hires: { current: 5, max: 5 } } });
  });

  it('takes the plan from billing’s subscription events: Teams allows 25, Unlimited has no maximum', async () => {
    const co = await freeCompany('Upgrade');
    for (let i = 0; i < 5; i++) await createHire(api, co.token, active(co));
    expect(await api.post('/api/hires', active(co), co.token)).toMatchObject(LIMIT_REACHED);
    const change = (plan: 'teams' | 'unlimited') =>
      sys.publishEvent(
        SubscriptionChanged,
        {
          customer_id: co.customerId,
          plan,
          status: 'active',
          subscription_start_date: new Date().toISOString(),
          subscription_end_date: null,
          subscription_canceled_at: null,
        },
        co.customerId,
      );
    await change('teams');
    expect(
      await eventually(async () => {
        const u = await usage(co);
        return u.plan === 'teams' ? u : undefined;
      }),
    ).toEqual({ plan: 'teams', usage: { hires: { current: 5, max: 25 } } });
    expect((await api.post('/api/hires', active(co), co.token)).status).toBe(201);
    await change('unlimited');
    expect(
      await eventually(async () => {
        const u = await usage(co);
        return u.plan === 'unlimited' ? u : undefined;
      }),
    ).toEqual({ plan: 'unlimited', usage: { hires: { current: 6, max: null } } });
  });
});
