// Seeds the demo catalogue (scripts/demo/catalogue.mjs) through the gateway's REST API, as a
// user would: the demo admin adds most suppliers and equipment, a second company adds the
// rest (so the demo sees 'Community' entries with read-only basic information), then the demo
// company's favourites, its own details with some suppliers and a few notes.
//
// Safe to run at every start: it lists what each company already has and only adds what is
// missing, every creating call carries an Idempotency-Key derived from the entry (a retried
// call answers the first result), and the notes, added last, mark a finished seed: once they
// are there nothing is added again, so entries a user deleted stay deleted.
import {
  COMMUNITY,
  COMMUNITY_COMPANY,
  DEMO,
  EQUIPMENT,
  FAVORITE_EQUIPMENT,
  FAVORITE_SUPPLIERS,
  SUPPLIER_DETAILS,
  SUPPLIER_NOTES,
  SUPPLIERS,
  equipmentOwner,
} from './catalogue.mjs';
import { ApiError, client, CONCURRENCY, inParallel, listAll, signIn, slug } from './api.mjs';
import { demoImage } from './images.mjs';

/**
 * The community company's session, registering it the first time; undefined when its address
 * is taken by an account whose password is not the demo's (DEMO_PASSWORD changed since).
 */
async function communitySession(api, password) {
  const existing = await signIn(api, COMMUNITY_COMPANY.email, password);
  if (existing) return existing;
  const reg = await api.call('POST', '/api/auth/register', {
    json: { ...COMMUNITY_COMPANY, password },
  });
  if (reg.status === 409) return undefined;
  if (reg.status !== 201)
    throw new ApiError(`could not register the community company: ${reg.status} ${JSON.stringify(reg.body)}`);
  const session = await signIn(api, COMMUNITY_COMPANY.email, password);
  if (!session) throw new ApiError('could not sign in as the community company after registering it');
  return session;
}

/** The multipart form of an item; the favourites come with a picture (drawn when sharp can). */
async function equipmentForm(e) {
  const form = new FormData();
  for (const field of ['name', 'description', 'category', 'unit_of_measure', 'power'])
    form.append(field, e[field]);
  const png = FAVORITE_EQUIPMENT.includes(e.name) ? await demoImage(e) : undefined;
  if (png) form.append('image', new Blob([png], { type: 'image/png' }), `${slug(e.name)}.png`);
  return form;
}

/**
 * @param {{ baseUrl: string, email: string, password: string, log?: (msg: string) => void }} options
 *   the gateway and the demo admin's credentials (the community company shares the password).
 * @returns {Promise<'seeded' | 'existing' | 'unavailable'>} 'unavailable' when the gateway has no
 *   catalogue routes or the catalogue service does not answer (nothing is seeded then).
 */
export async function seedCatalogue({ baseUrl, email, password, log = () => undefined }) {
  const api = client(baseUrl);
  const demo = await signIn(api, email, password);
  if (!demo) throw new ApiError(`could not sign in as the demo admin ${email}`);
  const probe = await api.call('GET', '/api/suppliers?limit=1', { token: demo.token });
  if (probe.status === 404 || probe.status === 503) return 'unavailable';

  const [suppliers, equipment] = await Promise.all([
    listAll(api, demo.token, '/api/suppliers', 'suppliers'),
    listAll(api, demo.token, '/api/equipment', 'equipment'),
  ]);
  let community = await communitySession(api, password);
  if (!community) {
    log(`${COMMUNITY_COMPANY.email} has another password: the demo company adds the community entries too`);
    community = demo;
  }
  const sessions = { [DEMO]: demo, [COMMUNITY]: community };
  const ownerId = (owner) => sessions[owner].customer.id;

  // Entries count as the seed's only when the company the seed gives them to owns them.
  const supplierId = new Map();
  for (const s of suppliers) {
    const mine = SUPPLIERS.find((d) => d.name === s.name && ownerId(d.owner) === s.created_by);
    if (mine) supplierId.set(mine.name, s.id);
  }
  const equipmentId = new Map();
  for (const e of equipment) {
    const index = EQUIPMENT.findIndex((d) => d.name === e.name);
    if (index >= 0 && ownerId(equipmentOwner(index)) === e.customer_id) equipmentId.set(e.name, e.id);
  }

  const lastNote = SUPPLIER_NOTES.at(-1);
  if (supplierId.has(lastNote.supplier)) {
    const { events } = await api.ok('GET', `/api/suppliers/${supplierId.get(lastNote.supplier)}/timeline`, {
      token: demo.token,
    });
    if (events.some((ev) => ev.type === 'note' && ev.body === lastNote.note)) return 'existing';
  }

  const missingSuppliers = SUPPLIERS.filter((s) => !supplierId.has(s.name));
  const createdWithDetails = new Set();
  await inParallel(missingSuppliers, CONCURRENCY, async (s) => {
    const details = s.owner === DEMO ? SUPPLIER_DETAILS[s.name] : undefined;
    const body = await api.ok('POST', '/api/suppliers', {
      token: sessions[s.owner].token,
      key: `demo-seed:supplier:${slug(s.name)}`,
      json: {
        name: s.name,
        contact_email: s.contact_email,
        contact_phone: s.contact_phone,
        address: s.address,
        ...(details ? { details } : {}),
      },
    });
    supplierId.set(s.name, body.supplier.id);
    if (details) createdWithDetails.add(s.name);
  });

  const missingEquipment = EQUIPMENT.map((e, i) => ({ e, owner: equipmentOwner(i) })).filter(
    ({ e }) => !equipmentId.has(e.name),
  );
  await inParallel(missingEquipment, CONCURRENCY, async ({ e, owner }) => {
    const body = await api.ok('POST', '/api/equipment', {
      token: sessions[owner].token,
      key: `demo-seed:equipment:${slug(e.name)}`,
      form: await equipmentForm(e),
    });
    equipmentId.set(e.name, body.equipment.id);
  });
  log(
    `demo catalogue: added ${missingSuppliers.length} suppliers and ${missingEquipment.length} equipment items`,
  );

  // Adding a favourite twice keeps one; saving details twice keeps the last.
  const token = demo.token;
  const laterDetails = Object.entries(SUPPLIER_DETAILS).filter(([name]) => !createdWithDetails.has(name));
  await inParallel(
    [
      ...FAVORITE_EQUIPMENT.map(
        (name) => () => api.ok('POST', `/api/equipment/${equipmentId.get(name)}/favorite`, { token }),
      ),
      ...FAVORITE_SUPPLIERS.map(
        (name) => () => api.ok('POST', `/api/suppliers/${supplierId.get(name)}/favorite`, { token }),
      ),
      ...laterDetails.map(
        ([name, details]) =>
          () =>
            api.ok('POST', `/api/suppliers/${supplierId.get(name)}/customer-details`, {
              token,
              json: details,
            }),
      ),
    ],
    CONCURRENCY,
    (task) => task(),
  );

  // One at a time, in order: the last one marks the seed as finished.
  for (const { supplier, note } of SUPPLIER_NOTES) {
    const id = supplierId.get(supplier);
    const { events } = await api.ok('GET', `/api/suppliers/${id}/timeline`, { token });
    if (events.some((ev) => ev.type === 'note' && ev.body === note)) continue;
    await api.ok('POST', `/api/suppliers/${id}/notes`, {
      token,
      key: `demo-seed:note:${slug(supplier)}`,
      json: { note },
    });
  }
  return 'seeded';
}
