import { join } from 'node:path';
import { contractEventsOf, defineService } from '@planted/service-kit';
import { AuthModule } from './auth/auth.module';
import { identityEnvSchema } from './config';
import { CustomersModule } from './customers/customers.module';
import { subscriptionConsumer } from './customers/subscription.consumer';
import { idempotentRequests, outbox, processedEvents, schema } from './db/schema';
import { InvitationsModule } from './invitations/invitations.module';
import { KeysModule } from './keys/keys.module';
import { loadSigningKey, SIGNING_KEY } from './keys/signing-key';
import { MailModule } from './mail/mail.module';
import { OAuthModule } from './oauth/oauth.module';
import { UsersModule } from './users/users.module';

/** Identity on the service kit: users, companies, sign-in and invitations. */
export const identityService = defineService({
  name: 'identity',
  config: identityEnvSchema,
  database: {
    schemaName: 'identity',
    schema,
    // Beside src/ and dist/ alike, so it is found from the sources (tests) and the build.
    migrationsFolder: join(__dirname, '..', 'migrations'),
    outbox,
    processedEvents,
    idempotentRequests,
  },
  events: {
    name: 'IDENTITY',
    subjects: contractEventsOf('identity'),
    description: 'Domain events of the identity service (users, companies, invitations)',
  },
  modules: [KeysModule, UsersModule, CustomersModule, AuthModule, OAuthModule, MailModule, InvitationsModule],
  // Before anything listens: a missing or unreadable key stops start-up with one line.
  prepare: async ({ config, logger }) => [
    { provide: SIGNING_KEY, useValue: await loadSigningKey(config, logger) },
  ],
  consumers: [subscriptionConsumer],
});
