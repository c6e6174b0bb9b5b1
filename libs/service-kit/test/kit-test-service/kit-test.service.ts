import { join } from 'node:path';
import { Controller, Inject, Injectable, Module } from '@nestjs/common';
import { pgSchema, text, uuid } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  actorSchema,
  defineEvent,
  defineRequest,
  requiredString,
  type ParsedRequestOf,
} from '@planted/contracts';
import type { Database } from '@planted/db';
import { outboxTable, processedEventsTable } from '@planted/messaging';
import { DATABASE, defineService, Handles, OutboxService, serviceEnvSchema } from '../../src';

/** A tiny service on the kit: one request that writes a note and its event, and a consumer of that event. */
const kitTest = pgSchema('kit_test');
export const notes = kitTest.table('notes', {
  id: uuid('id').primaryKey().defaultRandom(),
  customerId: uuid('customer_id').notNull(),
  text: text('text').notNull(),
});
export const seenNotes = kitTest.table('seen_notes', { noteId: uuid('note_id').primaryKey() });
const outbox = outboxTable(kitTest);
const processedEvents = processedEventsTable(kitTest);
const schema = { notes, seenNotes, outbox, processedEvents };
type KitTestSchema = typeof schema;

export const NoteCreate = defineRequest(
  'kit-test.note.create.v1',
  z.object({ customerId: z.uuid(), text: requiredString('Text is required') }),
  z.object({ id: z.string(), text: z.string() }),
  { caller: 'gateway' },
);
/** A subject only a signed-in user may call: answers who the service believes the caller is. */
export const WhoAmI = defineRequest(
  'kit-test.who-am-i.v1',
  z.object({ actor: actorSchema }),
  z.object({ userId: z.string(), sessionId: z.string().optional() }),
  { caller: 'user' },
);
export const NoteCreated = defineEvent('kit-test.note.created.v1', z.object({ id: z.string() }));

/** Lets a test hold the consumer inside its handler, to show shutdown waits for it. */
export const consumerGate = {
  hold: undefined as Promise<void> | undefined,
  entered: undefined as (() => void) | undefined,
};

@Injectable()
class NotesService {
  constructor(
    @Inject(DATABASE) private readonly db: Database<KitTestSchema>,
    private readonly outbox: OutboxService,
  ) {}

  async create(input: ParsedRequestOf<typeof NoteCreate>) {
    const note = await this.db.withTenant(input.customerId, async (tx) => {
      const [row] = await tx.insert(notes).values(input).returning();
      await this.outbox.record(tx, NoteCreated, { id: row!.id }, input.customerId);
      return row!;
    });
    this.outbox.committed();
    return { id: note.id, text: note.text };
  }
}

@Controller()
class NotesHandlers {
  constructor(private readonly notes: NotesService) {}

  @Handles(NoteCreate)
  create(input: ParsedRequestOf<typeof NoteCreate>) {
    return this.notes.create(input);
  }

  @Handles(WhoAmI)
  whoAmI({ actor }: ParsedRequestOf<typeof WhoAmI>) {
    return { userId: actor.userId, sessionId: actor.sessionId };
  }
}

@Module({ controllers: [NotesHandlers], providers: [NotesService] })
class NotesModule {}

export const kitTestService = defineService({
  name: 'kit-test',
  config: serviceEnvSchema('kit-test', { httpPort: 0 }),
  database: {
    schemaName: 'kit_test',
    schema,
    migrationsFolder: join(__dirname, 'migrations'),
    outbox,
    processedEvents,
  },
  events: { name: 'KIT_TEST', subjects: [NoteCreated.name], description: 'Events of the kit test service' },
  modules: [NotesModule],
  consumers: [
    {
      name: 'kit-test-seen-notes',
      stream: 'KIT_TEST',
      register: (consumer) =>
        consumer.on(NoteCreated, async (event, tx) => {
          consumerGate.entered?.();
          await consumerGate.hold;
          await tx.insert(seenNotes).values({ noteId: event.payload.id });
        }),
    },
  ],
});
