import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { importPKCS8, SignJWT } from 'jose';
import Stripe from 'stripe';
import {
  BillingStripeWebhook,
  SubscriptionChanged,
  type Actor,
  type EventPayloadOf,
  type TypedClient,
} from '@planted/contracts';
import { runWithSessionToken } from '@planted/logging';
import {
  GatewayAssertionSigner,
  NatsTypedClient,
  runWithIdempotencyKey,
  SESSION_TOKEN_AUDIENCE,
  SESSION_TOKEN_ISSUER,
} from '@planted/messaging';
import { serviceUnderTest, type ServiceApp } from '@planted/service-kit';
import {
  DEFAULT_VAT_TAX_RATE_ID,
  defaultPriceId,
  startLocalStripe,
  TEST_CARD,
  type LocalStripe,
} from '@planted/stripe-local';
import { startService, waitFor, type ServiceHarness } from '@planted/testing';
import { billingService } from '../../src/billing.service';
import type { BillingConfig } from '../../src/config';
import { outbox, subscriptions, type BillingSchema, type SubscriptionRow } from '../../src/db/schema';

export interface BillingHarness extends ServiceHarness<ServiceApp<BillingConfig, BillingSchema>> {
  /** Calls billing as the gateway does: a session token for the payload's actor, or the gateway's assertion. */
  client: TypedClient;
  stripeLocal: LocalStripe;
  /** The SDK on the local Stripe, to look at what billing made there. */
  stripe: Stripe;
  /** Whether the test's webhook receiver passes Stripe's events on to billing (as the gateway does). */
  forwardWebhooks: boolean;
  /** Every event the receiver passed on, with billing's answer. */
  forwarded: { event: Stripe.Event; duplicate: boolean }[];
  withKey<T>(key: string, call: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Billing in this process on the run's database and NATS, against a local Stripe whose
 * webhooks reach a receiver that does what the gateway does: checks the Stripe-Signature
 * with the SDK, then calls billing's webhook subject with the gateway's assertion.
 */
export async function startBilling(
  options: { env?: Record<string, string | undefined> } = {},
): Promise<BillingHarness> {
  let deliver: (body: string, signature: string) => Promise<number> = async () => 503;
  const receiver: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliver(Buffer.concat(chunks).toString('utf8'), String(req.headers['stripe-signature'] ?? '')).then(
        (status) => res.writeHead(status).end(),
        () => res.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`;
  const stripeLocal = await startLocalStripe({
    webhookUrl: receiverUrl,
    webhookRetryDelaysMs: [200, 500, 1000],
  });
  const harness = await startService(serviceUnderTest(billingService), {
    env: {
      STRIPE_SECRET_KEY: stripeLocal.secretKey,
      STRIPE_API_BASE_URL: stripeLocal.url,
      STRIPE_PRICE_TEAMS_MONTHLY: defaultPriceId('teams', 'month'),
      STRIPE_PRICE_TEAMS_YEARLY: defaultPriceId('teams', 'year'),
      STRIPE_PRICE_BUSINESS_MONTHLY: defaultPriceId('business', 'month'),
      STRIPE_PRICE_BUSINESS_YEARLY: undefined,
      STRIPE_PRICE_UNLIMITED_MONTHLY: defaultPriceId('unlimited', 'month'),
      STRIPE_PRICE_UNLIMITED_YEARLY: undefined,
      STRIPE_TAX_RATE_VAT: DEFAULT_VAT_TAX_RATE_ID,
      APP_URL: 'http://app.example.test',
      BILLING_RENEWAL_CHECK_SECONDS: '0',
      ...options.env,
    },
  });
  const key = await importPKCS8(harness.env.JWT_PRIVATE_KEY!, 'EdDSA');
  const signer = await GatewayAssertionSigner.fromPem(harness.env.GATEWAY_PRIVATE_KEY!, 'test');
  const bus = new NatsTypedClient(harness.nc, harness.prefix, 15_000, signer);
  const tokenFor = (actor: Actor) =>
    new SignJWT({
      userId: actor.userId,
      email: actor.email,
      role: actor.role,
      name: actor.name,
      customer_id: actor.customerId,
    })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setSubject(actor.userId)
      .setIssuer(SESSION_TOKEN_ISSUER)
      .setAudience(SESSION_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
  const client: TypedClient = {
    async send(subject, payload, sendOptions) {
      const actor = (payload as { actor?: Actor }).actor;
      if (!actor) return bus.send(subject, payload, sendOptions);
      const token = await tokenFor(actor);
      return runWithSessionToken(token, () => bus.send(subject, payload, sendOptions));
    },
  };
  const result: BillingHarness = {
    ...harness,
    client,
    stripeLocal,
    stripe: new Stripe(stripeLocal.secretKey, {
      host: stripeLocal.host,
      port: stripeLocal.port,
      protocol: stripeLocal.protocol,
    }),
    forwardWebhooks: true,
    forwarded: [],
    withKey: (idempotencyKey, call) => runWithIdempotencyKey(idempotencyKey, call),
    async close() {
      await harness.close();
      await stripeLocal.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    },
  };
  deliver = async (body, signature) => {
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(body, signature, stripeLocal.webhookSecret);
    } catch {
      return 400;
    }
    if (!result.forwardWebhooks) return 200;
    const answer = await result.client.send(BillingStripeWebhook, { event: forwardable(event) });
    result.forwarded.push({ event, duplicate: answer.duplicate });
    return 200;
  };
  return result;
}

/** The part of a Stripe event the gateway passes on. */
export function forwardable(event: Stripe.Event) {
  return {
    id: event.id,
    type: event.type,
    created: event.created,
    data: { object: event.data.object as unknown as Record<string, unknown> },
  };
}

let counter = 0;

/** A company and one of its users, as identity's token names them. */
export function newCompany(role: Actor['role'] = 'admin', customerId: string = randomUUID()): Actor {
  counter += 1;
  return {
    userId: randomUUID(),
    customerId,
    role,
    email: `billing${counter}@example.test`,
    name: `Billing User ${counter}`,
  };
}

/** Pays a checkout session on the local Stripe's hosted page, as a browser does; answers where it sends the browser. */
export async function payOnHostedPage(checkoutUrl: string, card = TEST_CARD): Promise<string> {
  const page = await fetch(checkoutUrl);
  if (page.status !== 200) throw new Error(`checkout page answered ${page.status}`);
  const html = await page.text();
  if (!html.includes('<form')) throw new Error('the checkout page has no form');
  const paid = await fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: card }).toString(),
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`paying answered ${paid.status}: ${await paid.text()}`);
  return paid.headers.get('location')!;
}

export async function rowOf(h: BillingHarness, customerId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await h.app.database.withSystem((tx) =>
    tx.select().from(subscriptions).where(eq(subscriptions.customerId, customerId)),
  );
  return row;
}

/** Waits until the company's row satisfies `until` (a webhook applied through the outbox). */
export function waitForRow(
  h: BillingHarness,
  customerId: string,
  until: (row: SubscriptionRow) => boolean,
  timeoutMs = 15_000,
): Promise<SubscriptionRow> {
  return waitFor(async () => {
    const row = await rowOf(h, customerId);
    return row && until(row) ? row : undefined;
  }, timeoutMs);
}

/** The subscription.changed events billing recorded about the company, oldest first. */
export async function changesOf(
  h: BillingHarness,
  customerId: string,
): Promise<EventPayloadOf<typeof SubscriptionChanged>[]> {
  const rows = await h.app.database.withSystem((tx) =>
    tx
      .select()
      .from(outbox)
      .where(and(eq(outbox.subject, SubscriptionChanged.name), eq(outbox.customerId, customerId)))
      .orderBy(outbox.seq),
  );
  return rows.map((r) => r.payload as EventPayloadOf<typeof SubscriptionChanged>);
}

/** The ServiceError a call rejects with (fails the test when it resolves). */
export async function errorOf(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (err) {
    const e = err as { code: string; message: string };
    return { code: e.code, message: e.message };
  }
  throw new Error('expected the call to fail');
}
