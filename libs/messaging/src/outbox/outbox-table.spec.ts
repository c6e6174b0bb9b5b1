import { pgSchema } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { defineEvent } from '@planted/contracts';
import { runWithRequestId } from '@planted/logging';
import { addToOutbox, outboxTable, type OutboxTable } from './outbox-table';

const outbox = outboxTable(pgSchema('unit'));
const Created = defineEvent('unit.thing.created.v1', z.object({ name: z.string().trim() }));

function fakeTx() {
  const rows: OutboxTable['$inferInsert'][] = [];
  const tx = { insert: () => ({ values: async (row: OutboxTable['$inferInsert']) => void rows.push(row) }) };
  return { tx, rows };
}

describe('addToOutbox', () => {
  it('stores the parsed payload under the event name and returns the new id', async () => {
    const { tx, rows } = fakeTx();
    const id = await addToOutbox(
      tx,
      outbox,
      Created,
      { name: ' Digger ' },
      { customerId: '6f1c0a9e-8f4b-4a53-9d0e-1b2c3d4e5f60' },
    );
    expect(rows).toEqual([
      expect.objectContaining({
        id,
        subject: 'unit.thing.created.v1',
        payload: { name: 'Digger' },
        customerId: '6f1c0a9e-8f4b-4a53-9d0e-1b2c3d4e5f60',
      }),
    ]);
  });

  it('records the current request id unless one is given', async () => {
    const { tx, rows } = fakeTx();
    await runWithRequestId('req-current', () => addToOutbox(tx, outbox, Created, { name: 'a' }));
    await runWithRequestId('req-current', () =>
      addToOutbox(tx, outbox, Created, { name: 'b' }, { requestId: 'req-given' }),
    );
    expect(rows.map((r) => r.requestId)).toEqual(['req-current', 'req-given']);
  });

  it('refuses a payload that does not match the event schema, writing nothing', async () => {
    const { tx, rows } = fakeTx();
    await expect(addToOutbox(tx, outbox, Created, { name: 42 } as never)).rejects.toThrow();
    expect(rows).toHaveLength(0);
  });
});
