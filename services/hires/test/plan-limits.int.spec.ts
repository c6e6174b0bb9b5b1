import { eq } from 'drizzle-orm';
import {
  CustomerUpdated,
  HIRES_MESSAGES,
  HiresCreate,
  HiresList,
  HiresSubscriptionUsage,
  HiresUpdate,
  SubscriptionChanged,
} from '@planted/contracts';
import { waitFor } from '@planted/testing';
import { createServiceApp } from '@planted/service-kit';
import { parseHiresConfig } from '../src/config';
import { companyPlans } from '../src/db/schema';
import { hiresService } from '../src/hires.service';
import {
  createHire,
  errorOf,
  hire,
  hireSetting,
  newCompany,
  startHires,
  type HiresHarness,
} from './support/hires-harness';

let h: HiresHarness;

beforeAll(async () => {
  h = await startHires();
});

afterAll(async () => {
  await h?.close();
});

const limitReached = { code: 'HIRE_LIMIT_REACHED', message: HIRES_MESSAGES.HIRE_LIMIT_REACHED };

async function planOf(customerId: string): Promise<string | undefined> {
  const [row] = await h.app.database.withSystem((tx) =>
    tx.select().from(companyPlans).where(eq(companyPlans.customerId, customerId)),
  );
  return row?.plan;
}

describe('plan limits (spec §4 Hire limit, §9 Plans)', () => {
  it('counts active hires against the free plan by default and refuses the sixth', async () => {
    const c = newCompany('Free');
    const setting = await hireSetting(h, c.actor);
    expect(await h.client.send(HiresSubscriptionUsage, { actor: c.actor })).toEqual({
      plan: 'free',
      usage: { hires: { current: 0, max: 5 } },
    });
    // Completed and collection-booked hires are not active: they take no slot.
    await createHire(h, c.actor, setting, { hire_status: 'completed' });
    const booked = await createHire(h, c.actor, setting, { hire_status: 'collection_booked' });
    for (let i = 0; i < 5; i++) await createHire(h, c.actor, setting);
    expect(await h.client.send(HiresSubscriptionUsage, { actor: c.actor })).toEqual({
      plan: 'free',
      usage: { hires: { current: 5, max: 5 } },
    });
    expect(await errorOf(h.client.send(HiresCreate, hire(c.actor, setting)))).toEqual(limitReached);
    // At the limit no hire is created, whatever its status (spec §4: creating a hire is blocked).
    for (const hire_status of ['completed', 'collection_booked'] as const)
      expect(await errorOf(h.client.send(HiresCreate, hire(c.actor, setting, { hire_status })))).toEqual(
        limitReached,
      );
    // Reactivating counts like a new active hire.
    expect(
      await errorOf(
        h.client.send(HiresUpdate, { ...hire(c.actor, setting, { hire_status: 'active' }), id: booked.id }),
      ),
    ).toEqual(limitReached);
    // An active hire edited while at the limit stays editable.
    const { hires } = await h.client.send(HiresList, { actor: c.actor, status: 'active' });
    const edited = await h.client.send(HiresUpdate, {
      ...hire(c.actor, setting, { price: 7 }),
      id: hires[0].id,
    });
    expect(edited.hire.price).toBe(7);
  });

  it('lets exactly one of ten simultaneous creations take the last free slot, across two replicas', async () => {
    // A second replica on the same database and subjects: NATS's queue group shares the
    // requests between the two, so they race for the company's advisory lock (within one
    // replica a company's limited writes also queue in memory, CompanyQueue). Several
    // companies race at once, so the requests overlap inside the services (a lone race of
    // ten can run one after another on a quiet machine and prove nothing).
    const replica = createServiceApp(hiresService, parseHiresConfig({ ...h.env, HIRES_HTTP_PORT: '0' }));
    await replica.listen();
    try {
      await raceForTheLastSlot();
    } finally {
      await replica.close();
    }
  });

  async function raceForTheLastSlot() {
    const companies = await Promise.all(
      Array.from({ length: 3 }, async (_, i) => {
        const c = newCompany(`Race ${i}`);
        const setting = await hireSetting(h, c.actor);
        for (let n = 0; n < 4; n++) await createHire(h, c.actor, setting);
        return { c, setting };
      }),
    );
    const outcomes = await Promise.all(
      companies.map(({ c, setting }) =>
        Promise.allSettled(
          Array.from({ length: 10 }, () => h.client.send(HiresCreate, hire(c.actor, setting))),
        ),
      ),
    );
    for (const [i, results] of outcomes.entries()) {
      const answers = results.map((r) =>
        r.status === 'fulfilled' ? 'created' : (r.reason as { code?: string }).code,
      );
      expect(answers.sort()).toEqual([...Array<string>(9).fill('HIRE_LIMIT_REACHED'), 'created']);
      expect(
        (await h.client.send(HiresSubscriptionUsage, { actor: companies[i].c.actor })).usage.hires,
      ).toEqual({
        current: 5,
        max: 5,
      });
    }
  }

  it("follows billing's subscription events: a higher plan raises the limit, unlimited has none", async () => {
    const c = newCompany('Upgrade');
    const setting = await hireSetting(h, c.actor);
    for (let i = 0; i < 5; i++) await createHire(h, c.actor, setting);
    expect(await errorOf(h.client.send(HiresCreate, hire(c.actor, setting)))).toEqual(limitReached);
    const changed = (plan: 'teams' | 'unlimited' | 'free', at: string) =>
      h.publish(
        SubscriptionChanged,
        {
          customer_id: c.actor.customerId,
          plan,
          status: 'active',
          subscription_start_date: at,
          subscription_end_date: null,
          subscription_canceled_at: null,
        },
        { at },
      );
    await changed('teams', new Date().toISOString());
    await waitFor(async () => ((await planOf(c.actor.customerId)) === 'teams' ? true : undefined));
    expect(await h.client.send(HiresSubscriptionUsage, { actor: c.actor })).toEqual({
      plan: 'teams',
      usage: { hires: { current: 5, max: 25 } },
    });
    await createHire(h, c.actor, setting);
    await changed('unlimited', new Date(Date.now() + 1000).toISOString());
    await waitFor(async () => ((await planOf(c.actor.customerId)) === 'unlimited' ? true : undefined));
    expect((await h.client.send(HiresSubscriptionUsage, { actor: c.actor })).usage.hires).toEqual({
      current: 6,
      max: null,
    });
    // An older event arriving late (identity's customer event from before the upgrade) changes nothing.
    const stale = await h.publish(
      CustomerUpdated,
      {
        customer: {
          id: c.actor.customerId,
          name: 'Upgrade Ltd',
          address: '1 Yard Lane, Leeds',
          status: 'free',
          subscription_plan: 'free',
          subscription_start_date: null,
          subscription_end_date: null,
          subscription_canceled_at: null,
        },
      },
      { at: new Date(Date.now() - 60_000).toISOString() },
    );
    await waitFor(async () => {
      const seen = await h.app.database.withSystem((tx) =>
        tx.execute<{ n: number }>(
          `select count(*)::int as n from hires.processed_events where event_id = '${stale}'`,
        ),
      );
      return seen.rows[0].n === 1 ? true : undefined;
    });
    expect(await planOf(c.actor.customerId)).toBe('unlimited');
  });

  it("takes no lock on a plan without a maximum: a creation does not wait for the company's lock", async () => {
    const free = newCompany('Locked free');
    const unlimited = newCompany('Locked unlimited');
    const freeSetting = await hireSetting(h, free.actor);
    const unlimitedSetting = await hireSetting(h, unlimited.actor);
    const at = new Date().toISOString();
    await h.publish(
      SubscriptionChanged,
      {
        customer_id: unlimited.actor.customerId,
        plan: 'unlimited',
        status: 'active',
        subscription_start_date: at,
        subscription_end_date: null,
        subscription_canceled_at: null,
      },
      { at },
    );
    await waitFor(async () =>
      (await planOf(unlimited.actor.customerId)) === 'unlimited' ? true : undefined,
    );

    // Another transaction holds both companies' plan-limit locks (as a creation under way would).
    const holder = await h.app.database.pool.connect();
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      await holder.query('rollback');
      holder.release();
    };
    try {
      await holder.query('begin');
      for (const c of [free, unlimited])
        await holder.query(`select pg_advisory_xact_lock(hashtextextended($1, 0))`, [
          `hires.active-limit:${c.actor.customerId}`,
        ]);
      let freeDone = false;
      const freeCreation = createHire(h, free.actor, freeSetting).then((created) => {
        freeDone = true;
        return created;
      });
      // The unlimited company's creation goes through while the lock is held...
      const created = await createHire(h, unlimited.actor, unlimitedSetting);
      expect(created.hire_status).toBe('active');
      // ...the free plan's waits for it (so this test would see a lock taken).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(freeDone).toBe(false);
      await release();
      expect((await freeCreation).hire_status).toBe('active');
    } finally {
      await release();
    }
  });

  it("takes the plan from identity's customer events until billing exists", async () => {
    const c = newCompany('Identity');
    await h.publish(CustomerUpdated, {
      customer: {
        id: c.actor.customerId,
        name: 'Identity Ltd',
        address: '1 Yard Lane, Leeds',
        status: 'active',
        subscription_plan: 'business',
        subscription_start_date: null,
        subscription_end_date: null,
        subscription_canceled_at: null,
      },
    });
    await waitFor(async () => ((await planOf(c.actor.customerId)) === 'business' ? true : undefined));
    expect(await h.client.send(HiresSubscriptionUsage, { actor: c.actor })).toEqual({
      plan: 'business',
      usage: { hires: { current: 0, max: 50 } },
    });
    // Another company's plan is its own.
    expect((await h.client.send(HiresSubscriptionUsage, { actor: newCompany('X').actor })).plan).toBe('free');
  });
});
