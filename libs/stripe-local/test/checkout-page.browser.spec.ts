import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import Stripe from 'stripe';
import { startLocalStripe, type LocalStripe } from '../src';

// The hosted checkout page in headless Chromium, as the app's browser tests will meet it:
// axe finds nothing on it (contrast included, which only a real browser measures), and
// Pay and Cancel take the browser back to the app.

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

let local: LocalStripe;
let stripe: Stripe;
let app: Server;
let appUrl: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  // The "app" the checkout returns to: it answers every path with the path it was asked for.
  app = createServer((req, res) =>
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`app at ${req.url}`),
  );
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox'] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => app.close(() => resolve()));
});

beforeEach(async () => {
  local = await startLocalStripe();
  stripe = new Stripe(local.secretKey, { host: local.host, port: local.port, protocol: 'http' });
  page = await browser.newPage();
});

afterEach(async () => {
  await page.close();
  await local.close();
});

async function session(): Promise<Stripe.Checkout.Session> {
  const customer = await stripe.customers.create({ email: 'admin@acme.test' });
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: 'price_teams_monthly', quantity: 1 }],
    success_url: `${appUrl}/subscription?success=true&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${appUrl}/subscription?canceled=true`,
  });
}

async function axeViolations(): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  // A string, run in the page: this library is compiled without the DOM's types.
  return page.evaluate<string[]>(
    `axe.run(document).then((results) => results.violations.map((v) => v.id + ': ' + v.help))`,
  );
}

it('has no axe violations, before and after a declined card', async () => {
  const checkout = await session();
  await page.goto(checkout.url!);
  expect(await axeViolations()).toEqual([]);
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('alert').textContent()).resolves.toBe('Your card was declined.');
  expect(await axeViolations()).toEqual([]);
}, 30_000);

it('Pay returns to success_url with the session id, and the subscription is active', async () => {
  const checkout = await session();
  await page.goto(checkout.url!);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(`${appUrl}/subscription?success=true&session_id=${checkout.id}`);
  const done = await stripe.checkout.sessions.retrieve(checkout.id, { expand: ['subscription'] });
  expect((done.subscription as Stripe.Subscription).status).toBe('active');
}, 30_000);

it('Cancel returns to cancel_url and leaves the session open', async () => {
  const checkout = await session();
  await page.goto(checkout.url!);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.waitForURL(`${appUrl}/subscription?canceled=true`);
  expect((await stripe.checkout.sessions.retrieve(checkout.id)).status).toBe('open');
}, 30_000);
