import { hireKeys } from '../../../lib/query-keys';
import { mockFetch, resetBrowserState, signInForTest, testQueryClient } from '../../../test/utils';
import { HIRE_A, HIRE_B, hire, hirePage } from '../components/hires-fixtures';
import type { Hire, HirePage } from './get-hires';
import { watchOrder } from './purchase-orders';

// After a purchase order the hires service learns its number from the connector's event a moment
// later: the screen reads the order's hire until it has it, and shows a failure meanwhile.

beforeEach(() => {
  resetBrowserState();
  signInForTest();
});

const DELAYS = [1, 1, 1, 1, 1];
const LIST = hireKeys.list({ page: 1, search: '', showCompleted: false });

function cachedWith(hires: Hire[]) {
  const client = testQueryClient();
  client.setQueryData<HirePage>(LIST, hirePage(hires, 1).body as HirePage);
  return client;
}
const shown = (client: ReturnType<typeof testQueryClient>, id: string) =>
  client.getQueryData<HirePage>(LIST)?.hires.find((h) => h.id === id);

/** Answers the hire as the hires service holds it at the nth read. */
function hireReads(byRead: (n: number) => Partial<Hire> | 'gone') {
  let reads = 0;
  const fetched = mockFetch({
    [`GET /api/hires/${HIRE_A}`]: () => {
      reads += 1;
      const state = byRead(reads);
      return state === 'gone'
        ? { status: 404, body: { error: 'Hire not found' } }
        : { body: { hire: hire({ id: HIRE_A, ...state }) } };
    },
  });
  return { ...fetched, reads: () => reads };
}

describe('watchOrder', () => {
  it('stops at the first read that has the number, and never takes away the number shown meanwhile', async () => {
    const ordered = { zahara_po_number: 'PO-9', zahara_document_id: 'D-9' };
    const client = cachedWith([hire(ordered) as Hire, hire({ id: HIRE_B }) as Hire]);
    const { reads } = hireReads((n) =>
      n < 3
        ? { purchase_order_error: 'An earlier failure', purchase_order_failed_at: '2026-03-01T10:00:00Z' }
        : ordered,
    );
    const seen: (string | null | undefined)[] = [];
    const unsubscribe = client
      .getQueryCache()
      .subscribe(() => seen.push(shown(client, HIRE_A)?.zahara_po_number));

    await expect(watchOrder(client, [HIRE_A], { showEachRead: false, delays: DELAYS })).resolves.toBe(true);
    unsubscribe();
    expect(reads()).toBe(3);
    expect(seen.filter((number) => number !== 'PO-9')).toEqual([]);
    expect(shown(client, HIRE_A)).toMatchObject({ ...ordered, purchase_order_error: null });
  });

  it("shows each read's failure on every hire of the order, then the number once it comes", async () => {
    const client = cachedWith([hire() as Hire, hire({ id: HIRE_B }) as Hire]);
    const failure = {
      purchase_order_error: 'Zahara is unavailable',
      purchase_order_failed_at: '2026-03-01T10:00:00Z',
    };
    let failureSeen: Partial<Hire> | undefined;
    hireReads((n) => {
      if (n === 2) failureSeen = shown(client, HIRE_B);
      return n === 1 ? failure : n < 4 ? failure : { zahara_po_number: 'PO-10', zahara_document_id: 'D-10' };
    });

    await expect(watchOrder(client, [HIRE_A, HIRE_B], { showEachRead: true, delays: DELAYS })).resolves.toBe(
      true,
    );
    expect(failureSeen).toMatchObject(failure);
    expect(shown(client, HIRE_B)).toMatchObject({
      zahara_po_number: 'PO-10',
      zahara_document_id: 'D-10',
      purchase_order_error: null,
    });
  });

  it('gives up after the last wait without a number, and ends at once when the hire is gone', async () => {
    const client = cachedWith([hire() as Hire]);
    const never = hireReads(() => ({}));
    await expect(watchOrder(client, [HIRE_A], { showEachRead: true, delays: DELAYS })).resolves.toBe(false);
    expect(never.reads()).toBe(DELAYS.length);

    const gone = hireReads(() => 'gone');
    await expect(watchOrder(client, [HIRE_A], { showEachRead: true, delays: DELAYS })).resolves.toBe(false);
    expect(gone.reads()).toBe(1);
  });
});
