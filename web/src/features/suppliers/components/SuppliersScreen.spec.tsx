import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATALOGUE_MESSAGES } from '@planted/contracts';
import { i18n } from '../../../lib/i18n';
import { validationKey } from '../../../lib/validation-text';
import {
  integrationStatus,
  mockFetch,
  renderApp,
  resetBrowserState,
  setupI18n,
  signInForTest,
  testUser,
  type FakeAnswer,
  type FetchCall,
} from '../../../test/utils';

beforeAll(() => setupI18n('en'));
beforeEach(() => resetBrowserState());
afterEach(() => i18n.changeLanguage('en'));

const OURS_ID = '00000000-0000-4000-8000-0000000000c1';
const COMMUNITY_ID = '00000000-0000-4000-8000-0000000000c2';

const supplier = (over: Record<string, unknown>) => ({
  id: OURS_ID,
  name: 'Speedy Hire Leeds',
  contact_email: 'leeds@speedy.example',
  contact_phone: '0113 496 0000',
  address: '12 Kirkstall Road, Leeds LS3 1LL',
  is_active: true,
  created_by: testUser.customer_id,
  created_by_you: true,
  is_favorite: false,
  has_customer_note: false,
  customer_contact_name: 'Dave',
  customer_contact_email: null,
  customer_phone: null,
  preferred_order_method: 'phone',
  availability_check_method: null,
  customer_note: null,
  zahara_supplier_id: null,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  ...over,
});

const ours = supplier({});
const community = supplier({
  id: COMMUNITY_ID,
  name: 'HSS Hire Manchester',
  contact_email: null,
  contact_phone: '0161 496 0001',
  address: null,
  created_by: '00000000-0000-4000-8000-000000000099',
  created_by_you: false,
  is_favorite: true,
  has_customer_note: true,
  customer_contact_name: null,
  preferred_order_method: null,
  zahara_supplier_id: 'Z-42',
});

const page = (suppliers: unknown[], pages = 1) => ({
  body: { suppliers, pagination: { page: 1, limit: 12, total: suppliers.length, pages } },
});

type Answers = Record<string, FakeAnswer | ((call: FetchCall) => FakeAnswer)>;

const timeline = {
  body: {
    events: [
      {
        id: '00000000-0000-4000-8000-0000000000e1',
        type: 'note',
        title: 'Note added',
        body: 'Ask for Dave before 10am.',
        author: 'Alice Admin',
        created_at: '2026-03-06T09:00:00.000Z',
      },
      {
        id: '00000000-0000-4000-8000-0000000000e2',
        type: 'created',
        title: 'Supplier created',
        body: null,
        author: 'Alice Admin',
        created_at: '2026-03-01T10:00:00.000Z',
      },
    ],
  },
};

const baseApis = (over: Answers = {}): Answers => ({
  'GET /api/suppliers': page([ours, community]),
  'GET /api/suppliers/favorites/list': page([community]),
  [`GET /api/suppliers/${OURS_ID}/timeline`]: timeline,
  [`GET /api/suppliers/${COMMUNITY_ID}/timeline`]: { body: { events: [] } },
  ...over,
});

const listCalls = (calls: FetchCall[]) =>
  calls.filter(
    (call) => call.method === 'GET' && /^\/api\/suppliers(\/favorites\/list)?(\?|$)/.test(call.url),
  );

async function open(over: Answers = {}, user = testUser) {
  signInForTest(user);
  const fetched = mockFetch(baseApis(over));
  renderApp('/suppliers');
  await screen.findByTestId(`supplier-card-${OURS_ID}`, {}, { timeout: 15_000 });
  return { ...fetched, user: userEvent.setup({ delay: null }) };
}

describe('Supplier cards (spec §2 Suppliers, §6)', () => {
  it("shows name, 'Created by you' or 'Community', the Zahara marker, contacts, the note indicator and heart", async () => {
    await open(integrationStatus());
    const mine = screen.getByTestId(`supplier-card-${OURS_ID}`);
    expect(within(mine).getByRole('heading', { name: 'Speedy Hire Leeds' })).toBeInTheDocument();
    expect(within(mine).getByText('Created by you')).toBeInTheDocument();
    expect(within(mine).getByRole('link', { name: 'leeds@speedy.example' })).toHaveAttribute(
      'href',
      'mailto:leeds@speedy.example',
    );
    expect(within(mine).getByRole('link', { name: '0113 496 0000' })).toHaveAttribute(
      'href',
      'tel:01134960000',
    );
    expect(within(mine).getByText('12 Kirkstall Road, Leeds LS3 1LL')).toBeInTheDocument();
    expect(within(mine).queryByText('Matched with Zahara')).not.toBeInTheDocument();
    expect(within(mine).queryByText('Has notes')).not.toBeInTheDocument();
    const theirs = screen.getByTestId(`supplier-card-${COMMUNITY_ID}`);
    expect(within(theirs).getByText('Community')).toBeInTheDocument();
    expect(await within(theirs).findByText('Matched with Zahara')).toBeInTheDocument();
    expect(within(theirs).getByText('Has notes')).toBeInTheDocument();
    expect(
      within(theirs).getByRole('button', { name: 'Remove HSS Hire Manchester from favorites' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows no Zahara marker while the integration is not configured (spec §6)', async () => {
    const { calls } = await open();
    await waitFor(() => expect(calls.some((call) => call.url === '/api/zahara/status')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const theirs = screen.getByTestId(`supplier-card-${COMMUNITY_ID}`);
    expect(within(theirs).getByText('Community')).toBeInTheDocument();
    expect(within(theirs).queryByText('Matched with Zahara')).not.toBeInTheDocument();
  });

  it('gives admins Add Supplier and edit, and delete only on suppliers their company created', async () => {
    await open();
    expect(screen.getByRole('button', { name: 'Add Supplier' })).toBeInTheDocument();
    const mine = screen.getByTestId(`supplier-card-${OURS_ID}`);
    expect(within(mine).getByRole('button', { name: 'Edit Speedy Hire Leeds' })).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Delete Speedy Hire Leeds' })).toBeInTheDocument();
    const theirs = screen.getByTestId(`supplier-card-${COMMUNITY_ID}`);
    expect(within(theirs).getByRole('button', { name: 'Edit HSS Hire Manchester' })).toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('shows a non-admin no add, edit or delete buttons, only their details and notes', async () => {
    const { user } = await open({}, { ...testUser, role: 'viewer' });
    expect(screen.queryByRole('button', { name: 'Add Supplier' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('supplier-edit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('supplier-delete')).not.toBeInTheDocument();
    // A viewer changes no favourite of the company: a favourite's heart shows, and is no button.
    expect(screen.queryByRole('button', { name: /to favorites$|from favorites$/ })).not.toBeInTheDocument();
    expect(
      within(screen.getByTestId(`supplier-card-${COMMUNITY_ID}`)).getByRole('img', {
        name: 'HSS Hire Manchester is a favorite of your company',
      }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByTestId(`supplier-card-${OURS_ID}`)).queryByTestId('supplier-favorite'),
    ).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Details & notes for Speedy Hire Leeds' }));
    const modal = await screen.findByRole('dialog');
    // Their own company's supplier: read-only because of the role, and it says so.
    expect(within(modal).getByTestId('supplier-read-only')).toHaveTextContent(
      'Read-only: only your company’s administrators can change this information',
    );
    // A viewer's own details are shown, not offered to type into: there is no Save.
    for (const field of ['contact-name', 'contact-email', 'contact-phone'])
      expect(within(modal).getByTestId(`supplier-${field}`)).toHaveAttribute('readonly');
    await user.click(within(modal).getByTestId('supplier-order-method'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(within(modal).queryByTestId('supplier-save')).not.toBeInTheDocument();
  });

  it('lets a user (not an admin) change only their details, and save them', async () => {
    const { user } = await open({}, { ...testUser, role: 'user' });
    expect(screen.queryByRole('button', { name: 'Add Supplier' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Details & notes for Speedy Hire Leeds' }));
    const modal = await screen.findByRole('dialog');
    expect(within(modal).getByTestId('supplier-read-only')).toBeInTheDocument();
    expect(within(modal).getByLabelText('Contact name')).not.toHaveAttribute('readonly');
    await user.click(within(modal).getByTestId('supplier-order-method'));
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(within(modal).getByTestId('supplier-save')).toBeInTheDocument();
  });

  it('shows the screen in Spanish', async () => {
    await i18n.changeLanguage('es');
    await open();
    expect(screen.getByRole('heading', { name: 'Proveedores', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Creado por ti')).toBeInTheDocument();
    expect(screen.getByText('Comunidad')).toBeInTheDocument();
  });
});

describe('Supplier list: search, favourites, pagination, empty states, failures (spec §2, §8)', () => {
  it('searches after typing pauses, with its own empty state', async () => {
    const { user, calls } = await open({
      'GET /api/suppliers': (call) => (call.url.includes('search=') ? page([]) : page([ours, community])),
    });
    const before = listCalls(calls).length;
    await user.type(screen.getByLabelText('Search suppliers'), 'zzz');
    expect(await screen.findByText('No suppliers match “zzz”')).toBeInTheDocument();
    expect(screen.getByText('Try another name, or clear the search.')).toBeInTheDocument();
    expect(
      listCalls(calls)
        .slice(before)
        .map((call) => call.url),
    ).toEqual(['/api/suppliers?page=1&limit=12&search=zzz']);
  });

  it('toggles favourites with its own empty state, and says what to do when there are none', async () => {
    const { user, calls } = await open({ 'GET /api/suppliers/favorites/list': page([]) });
    await user.click(screen.getByRole('button', { name: 'My Favorites' }));
    expect(await screen.findByText('No favorite suppliers yet')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/suppliers/favorites/list?page=1&limit=12')).toBe(true);
  });

  it("says 'No suppliers yet' when the directory is empty", async () => {
    signInForTest();
    mockFetch(baseApis({ 'GET /api/suppliers': page([]) }));
    renderApp('/suppliers');
    expect(await screen.findByText('No suppliers yet', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Add the first supplier with Add Supplier.')).toBeInTheDocument();
  });

  it('pages with ellipses and at most 7 page buttons', async () => {
    const { user, calls } = await open({ 'GET /api/suppliers': page([ours, community], 20) });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Go to page/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '20']);
    expect(nav).toHaveTextContent('…');
    await user.click(within(nav).getByRole('button', { name: 'Go to page 20' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toBe('/api/suppliers?page=20&limit=12'));
  });

  it("shows the server's error, else 'Failed to load suppliers', with Try Again", async () => {
    signInForTest();
    mockFetch(baseApis({ 'GET /api/suppliers': { status: 500 } }));
    renderApp('/suppliers');
    expect(await screen.findByText('Failed to load suppliers', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it("flips the heart on the server, and says 'Failed to update favorite' when it fails", async () => {
    const { user } = await open({
      [`POST /api/suppliers/${OURS_ID}/favorite`]: { body: { is_favorite: true, message: 'ok' } },
      [`DELETE /api/suppliers/${COMMUNITY_ID}/favorite`]: { status: 500 },
    });
    await user.click(screen.getByRole('button', { name: 'Add Speedy Hire Leeds to favorites' }));
    expect(
      await screen.findByRole('button', { name: 'Remove Speedy Hire Leeds from favorites' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Remove HSS Hire Manchester from favorites' }));
    expect(await screen.findByText('Failed to update favorite')).toBeInTheDocument();
  });

  it("asks before deleting, and says 'Failed to delete supplier' when it fails", async () => {
    const { user, calls } = await open({ [`DELETE /api/suppliers/${OURS_ID}`]: { status: 500 } });
    await user.click(screen.getByRole('button', { name: 'Delete Speedy Hire Leeds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete supplier' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this supplier?');
    // Every company sees it: what they keep of it goes too, which the admin hears first.
    expect(dialog).toHaveTextContent('with the contact details and notes each company keeps for it');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete supplier')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.url === `/api/suppliers/${OURS_ID}`)).toBe(
      true,
    );
  });
});

describe('Supplier modal (spec §2, §5, §6, §8)', () => {
  it('adds a supplier: spec §5 messages first, then POST (empty values not sent) and the details', async () => {
    const created = supplier({ id: '00000000-0000-4000-8000-0000000000c9', name: 'Brandon Hire' });
    const { user, calls } = await open({
      'POST /api/suppliers': { status: 201, body: { supplier: created, message: 'ok' } },
      'POST /api/suppliers/00000000-0000-4000-8000-0000000000c9/customer-details': {
        body: { supplier: created, message: 'ok' },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add Supplier' }));
    const modal = await screen.findByRole('dialog', { name: 'Add Supplier' });
    expect(within(modal).getByText('The timeline starts once the supplier is saved.')).toBeInTheDocument();
    await user.type(within(modal).getByLabelText('Office phone'), '0'.repeat(51));
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('Supplier name is required')).toBeInTheDocument();
    expect(within(modal).getByText('Office phone must be 50 characters or less')).toBeInTheDocument();
    await user.clear(within(modal).getByLabelText('Office phone'));
    await user.type(within(modal).getByLabelText('Office phone'), 'ask for Dave');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('Please enter a valid phone number')).toBeInTheDocument();
    await user.clear(within(modal).getByLabelText('Office phone'));
    await user.type(within(modal).getByLabelText('Supplier name'), 'Brandon Hire');
    await user.type(within(modal).getByLabelText('Contact name'), 'Sam');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Supplier created successfully')).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.url, call.body])).toEqual([
      ['/api/suppliers', { name: 'Brandon Hire' }],
      ['/api/suppliers/00000000-0000-4000-8000-0000000000c9/customer-details', { contact_name: 'Sam' }],
    ]);
  });

  it("edits the company's own supplier: basic info and changed details, with the timeline and Add Note", async () => {
    const { user, calls } = await open({
      [`PUT /api/suppliers/${OURS_ID}`]: { body: { supplier: ours, message: 'ok' } },
      [`PUT /api/suppliers/${OURS_ID}/customer-details`]: { body: { supplier: ours, message: 'ok' } },
    });
    await user.click(screen.getByRole('button', { name: 'Edit Speedy Hire Leeds' }));
    const modal = await screen.findByRole('dialog', { name: 'Edit Supplier' });
    expect(within(modal).getByLabelText('Supplier name')).toHaveValue('Speedy Hire Leeds');
    expect(within(modal).queryByText('Read-only (created by another customer)')).not.toBeInTheDocument();
    const events = await within(modal).findByTestId('supplier-timeline-events');
    expect(events).toHaveTextContent('Ask for Dave before 10am.');
    expect(events).toHaveTextContent('Alice Admin · 6 Mar 2026');
    expect(events).toHaveTextContent('Supplier created');
    await user.clear(within(modal).getByLabelText('Office phone'));
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Supplier updated successfully')).toBeInTheDocument();
    const puts = calls.filter((call) => call.method === 'PUT');
    // The details did not change, so only the basic information is sent.
    expect(puts.map((call) => [call.url, call.body])).toEqual([
      [
        `/api/suppliers/${OURS_ID}`,
        {
          name: 'Speedy Hire Leeds',
          contact_email: 'leeds@speedy.example',
          contact_phone: null,
          address: '12 Kirkstall Road, Leeds LS3 1LL',
        },
      ],
    ]);
  });

  it('saves the details of a supplier whose read-only office phone today’s rules would refuse', async () => {
    const old = { ...community, contact_phone: '0161 496 0000 (sales desk)' };
    const { user, calls } = await open({
      'GET /api/suppliers': page([ours, old]),
      [`PUT /api/suppliers/${COMMUNITY_ID}/customer-details`]: { body: { supplier: old, message: 'ok' } },
    });
    await user.click(screen.getByRole('button', { name: 'Edit HSS Hire Manchester' }));
    const modal = await screen.findByRole('dialog', { name: 'HSS Hire Manchester' });
    await user.type(within(modal).getByLabelText('Contact name'), 'Priya');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.some((call) => call.url === `/api/suppliers/${COMMUNITY_ID}/customer-details`)).toBe(true),
    );
  });

  it("shows a community supplier's basic info read-only and saves only the details", async () => {
    const { user, calls } = await open({
      [`PUT /api/suppliers/${COMMUNITY_ID}/customer-details`]: {
        body: { supplier: community, message: 'ok' },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Edit HSS Hire Manchester' }));
    const modal = await screen.findByRole('dialog', { name: 'HSS Hire Manchester' });
    expect(within(modal).getByTestId('supplier-read-only')).toHaveTextContent(
      'Read-only (created by another customer)',
    );
    expect(within(modal).getByLabelText('Supplier name')).toHaveAttribute('readonly');
    expect(within(modal).getByLabelText('Office phone')).toHaveAttribute('readonly');
    expect(within(modal).getByText('Your Communication Details')).toBeInTheDocument();
    await user.type(within(modal).getByLabelText('Contact name'), 'Priya');
    await user.click(within(modal).getByRole('combobox', { name: 'Preferred order method' }));
    await user.click(await screen.findByRole('option', { name: 'Purchase order' }));
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Supplier updated successfully')).toBeInTheDocument();
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => [call.url, call.body])).toEqual([
      [
        `/api/suppliers/${COMMUNITY_ID}/customer-details`,
        {
          contact_name: 'Priya',
          contact_email: null,
          phone: null,
          preferred_order_method: 'purchase_order',
          availability_check_method: null,
        },
      ],
    ]);
  });

  it('adds a note typed and not yet added when the supplier is saved, rather than losing it', async () => {
    const { user, calls } = await open({
      [`GET /api/suppliers/${COMMUNITY_ID}/timeline`]: { body: { events: [] } },
      [`POST /api/suppliers/${COMMUNITY_ID}/notes`]: {
        status: 201,
        body: {
          event: {
            id: 'e1',
            type: 'note',
            title: 'Note added',
            body: 'x',
            author: 'A',
            created_at: '2026-03-07T09:00:00.000Z',
          },
          message: 'Note added',
        },
      },
      [`PUT /api/suppliers/${COMMUNITY_ID}/customer-details`]: {
        body: { supplier: community, message: 'ok' },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Edit HSS Hire Manchester' }));
    const modal = await screen.findByRole('dialog', { name: 'HSS Hire Manchester' });
    await user.type(within(modal).getByLabelText('Contact name'), 'Priya');
    await user.type(within(modal).getByTestId('supplier-note'), 'Ring before 9');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Supplier updated successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.url === `/api/suppliers/${COMMUNITY_ID}/notes`)?.body).toEqual({
      note: 'Ring before 9',
    });
  });

  it("adds a note to the timeline; 'Note is required' when empty", async () => {
    let events = { body: { events: [] as unknown[] } };
    const { user, calls } = await open({
      [`GET /api/suppliers/${COMMUNITY_ID}/timeline`]: () => events,
      [`POST /api/suppliers/${COMMUNITY_ID}/notes`]: (call) => {
        events = {
          body: {
            events: [
              {
                id: '00000000-0000-4000-8000-0000000000e9',
                type: 'note',
                title: 'Note added',
                body: (call.body as { note: string }).note,
                author: 'Alice Admin',
                created_at: '2026-03-07T09:00:00.000Z',
              },
            ],
          },
        };
        return { status: 201, body: { event: events.body.events[0], message: 'Note added' } };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Edit HSS Hire Manchester' }));
    const modal = await screen.findByRole('dialog', { name: 'HSS Hire Manchester' });
    expect(
      await within(modal).findByText('No notes or events yet. Add the first note above.'),
    ).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Add Note' }));
    expect(await within(modal).findByText('Note is required')).toBeInTheDocument();
    await user.type(within(modal).getByLabelText('Note'), 'Cheaper on Fridays');
    await user.click(within(modal).getByRole('button', { name: 'Add Note' }));
    expect(await within(modal).findByText('Cheaper on Fridays')).toBeInTheDocument();
    expect(within(modal).getByLabelText('Note')).toHaveValue('');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ note: 'Cheaper on Fridays' });
  });

  it('saves again to the supplier it added when its details failed, rather than adding it twice', async () => {
    const ADDED = '00000000-0000-4000-8000-0000000000c9';
    const created = supplier({ id: ADDED, name: 'Brandon Hire' });
    let details: FakeAnswer = { status: 503, body: { error: 'Service unavailable' } };
    const { user, calls } = await open({
      'POST /api/suppliers': { status: 201, body: { supplier: created, message: 'ok' } },
      [`POST /api/suppliers/${ADDED}/customer-details`]: () => details,
      [`PUT /api/suppliers/${ADDED}`]: { body: { supplier: created, message: 'ok' } },
      [`PUT /api/suppliers/${ADDED}/customer-details`]: { body: { supplier: created, message: 'ok' } },
    });
    await user.click(screen.getByRole('button', { name: 'Add Supplier' }));
    const modal = await screen.findByRole('dialog', { name: 'Add Supplier' });
    await user.type(within(modal).getByLabelText('Supplier name'), 'Brandon Hire');
    await user.type(within(modal).getByLabelText('Contact name'), 'Sam');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await within(modal).findByTestId('supplier-form-error');
    // What was typed is still there; saving again goes to the supplier already added.
    expect(within(modal).getByLabelText('Contact name')).toHaveValue('Sam');
    details = { body: { supplier: created, message: 'ok' } };
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Supplier created successfully')).toBeInTheDocument();
    const writes = calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url}`);
    expect(writes).toEqual([
      'POST /api/suppliers',
      `POST /api/suppliers/${ADDED}/customer-details`,
      `PUT /api/suppliers/${ADDED}`,
      `PUT /api/suppliers/${ADDED}/customer-details`,
    ]);
  });

  it("lists the server's details[], else says 'Failed to save supplier'", async () => {
    let answer: FakeAnswer = {
      status: 400,
      body: { error: 'Validation failed', details: [{ param: 'name', msg: 'Supplier name is required' }] },
    };
    const { user } = await open({ [`PUT /api/suppliers/${OURS_ID}`]: () => answer });
    await user.click(screen.getByRole('button', { name: 'Edit Speedy Hire Leeds' }));
    const modal = await screen.findByRole('dialog', { name: 'Edit Supplier' });
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    const error = await within(modal).findByTestId('supplier-form-error');
    expect(
      within(error)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Supplier name is required']);
    answer = { status: 500 };
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(modal).getByTestId('supplier-form-error')).toHaveTextContent('Failed to save supplier'),
    );
  });

  it('shows a server refusal in the user language (the read-only wording)', async () => {
    await i18n.changeLanguage('es');
    const { user } = await open({
      [`PUT /api/suppliers/${OURS_ID}`]: {
        status: 403,
        body: { error: CATALOGUE_MESSAGES.SUPPLIER_READ_ONLY },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Editar Speedy Hire Leeds' }));
    const modal = await screen.findByRole('dialog', { name: 'Editar proveedor' });
    await user.click(within(modal).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(within(modal).getByTestId('supplier-form-error')).toHaveTextContent(
        'Solo lectura (creado por otro cliente)',
      ),
    );
  });

  it('offers similar suppliers while a new name is typed, and opens the one chosen', async () => {
    const { user } = await open({
      'GET /api/suppliers/similar': {
        body: {
          similar: [{ id: COMMUNITY_ID, name: 'HSS Hire Manchester', category: null, similarity: 0.6 }],
        },
      },
      [`GET /api/suppliers/${COMMUNITY_ID}`]: { body: { supplier: community } },
    });
    await user.click(screen.getByRole('button', { name: 'Add Supplier' }));
    const modal = await screen.findByRole('dialog', { name: 'Add Supplier' });
    await user.type(within(modal).getByLabelText('Supplier name'), 'HSS Hire');
    const similar = await within(modal).findByTestId('supplier-similar');
    expect(similar).toHaveTextContent('Similar items already in the catalogue');
    await user.click(within(similar).getByRole('button', { name: 'Open it' }));
    expect(await screen.findByRole('dialog', { name: 'HSS Hire Manchester' })).toBeInTheDocument();
  });
});

describe('catalogue messages (forms:catalogue)', () => {
  it('has every contract message in English word for word, and in Spanish', async () => {
    for (const [key, text] of Object.entries(CATALOGUE_MESSAGES)) {
      expect(i18n.getFixedT('en')(`forms:catalogue.${key}`)).toBe(text);
      expect(i18n.getFixedT('es')(`forms:catalogue.${key}`)).not.toBe(`catalogue.${key}`);
    }
    expect(validationKey(CATALOGUE_MESSAGES.NOTE_REQUIRED)).toBe('forms:catalogue.NOTE_REQUIRED');
  });
});

describe('Export to the accounting integration (spec §2 Suppliers, §8 Supplier export)', () => {
  const active = integrationStatus();

  async function openModal(over: Answers, user = testUser, button = 'Edit Speedy Hire Leeds') {
    const opened = await open(over, user);
    await opened.user.click(screen.getByRole('button', { name: button }));
    return { ...opened, modal: await screen.findByTestId('supplier-modal') };
  }

  it('is not offered to a user who is not an administrator (exporting is theirs, spec §6)', async () => {
    const { modal, calls } = await openModal(
      active,
      { ...testUser, role: 'user' },
      'Details & notes for Speedy Hire Leeds',
    );
    await within(modal).findByTestId('supplier-timeline');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/zahara/status')).toBe(true));
    // The answer has been read by the time the screen is idle again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(modal).queryByTestId('supplier-export')).not.toBeInTheDocument();
  });

  it('is not offered while the integration is not configured', async () => {
    const { modal } = await openModal({});
    await within(modal).findByTestId('supplier-timeline');
    expect(within(modal).queryByTestId('supplier-export')).not.toBeInTheDocument();
  });

  it("exports the supplier and says '{name} exported to Zahara successfully!'", async () => {
    const { calls, user, modal } = await openModal({
      ...active,
      'POST /api/zahara/export-supplier': {
        status: 201,
        body: {
          success: true,
          supplier_name: 'Speedy Hire Leeds',
          zahara_supplier_id: 1000009,
          message: 'ok',
        },
      },
    });
    await user.click(await within(modal).findByRole('button', { name: 'Export to Zahara' }));
    expect(await screen.findByText('Speedy Hire Leeds exported to Zahara successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/zahara/export-supplier')?.body).toEqual({
      supplier_id: OURS_ID,
    });
  });

  it("says 'Failed to export supplier to Zahara' when the answer gives no reason", async () => {
    const { user, modal } = await openModal({
      ...active,
      'POST /api/zahara/export-supplier': { status: 500 },
    });
    await user.click(await within(modal).findByTestId('supplier-export'));
    expect(await screen.findByText('Failed to export supplier to Zahara')).toBeInTheDocument();
  });
});
