import { useLayoutEffect } from 'react';
import { act, render } from '@testing-library/react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/AppRoutes';
import { i18n, initI18n, NAMESPACES } from '../lib/i18n';
import { sessionStore } from '../lib/session-store';
import type { IntegrationStatus } from '../lib/accounting';
import type { Customer, Language, User } from '../lib/types';
import { recordMissingKey } from './missing-keys';

/** Loads every namespace, and records any key a screen asks for that no locale file has. */
export async function setupI18n(language: Language = 'en'): Promise<void> {
  await initI18n(language);
  i18n.options.saveMissing = true;
  i18n.options.missingKeyHandler = (languages, namespace, key) => {
    recordMissingKey(`${[languages].flat().join(',')}:${namespace}:${key}`);
  };
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces([...NAMESPACES]);
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

interface RouterProbe {
  state: { location: Location };
  navigate: (to: string) => Promise<void>;
}

function Probe({ report }: { report: (location: Location, navigate: NavigateFunction) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => report(location, navigate));
  return null;
}

/** Renders the real route table at `path` in a memory router; `router` shows where the app is. */
export function renderApp(
  path: string | { pathname: string; state?: unknown },
  options: { routes?: RouteObject[] } = {},
) {
  const seen: { location?: Location; navigate?: NavigateFunction } = {};
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <Probe
        report={(location, navigate) => {
          seen.location = location;
          seen.navigate = navigate;
        }}
      />
      <AppProviders queryClient={testQueryClient()}>
        <AppRoutes routes={options.routes} />
      </AppProviders>
    </MemoryRouter>,
  );
  const router: RouterProbe = {
    get state() {
      return { location: seen.location! };
    },
    navigate: (to) =>
      act(async () => {
        await seen.navigate!(to);
      }),
  };
  return { router, ...view };
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** The answer arrives once this settles (a request still under way while the test acts). */
  wait?: Promise<unknown>;
}

export type FetchCall = { url: string; method: string; headers: Record<string, string>; body: unknown };

/**
 * Replaces fetch with a table of answers keyed by "METHOD /path" (query string ignored).
 * Unknown calls answer 404 so a missing mock shows up as a failure, not a hang.
 */
export function mockFetch(answers: Record<string, FakeAnswer | ((call: FetchCall) => FakeAnswer)>) {
  const calls: FetchCall[] = [];
  const fetchMock = jest.fn(async (input: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = input.split('?')[0];
    const call: FetchCall = {
      url: input,
      method,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    const entry = answers[`${method} ${path}`];
    const answer =
      typeof entry === 'function' ? entry(call) : (entry ?? { status: 404, body: { error: 'Not found' } });
    if (answer.wait) await answer.wait;
    const status = answer.status ?? 200;
    return {
      ok: status >= 200 && status < 300,
      status,
      text: async () => (answer.body === undefined ? '' : JSON.stringify(answer.body)),
    } as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { calls, fetchMock };
}

/**
 * GET /api/zahara/status answering the company's integration (spec §6: its features show to
 * every member while it is active); spread into `mockFetch`'s answers.
 */
export function integrationStatus(over: Partial<IntegrationStatus> = {}) {
  const data: IntegrationStatus = {
    is_active: true,
    auto_create_purchase_orders: false,
    document_url_template: 'https://zahara.example/po/{documentId}',
    ...over,
  };
  return { 'GET /api/zahara/status': { body: { success: true, data } } };
}

export const testUser: User = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Alice Admin',
  email: 'alice@example.com',
  role: 'admin',
  customer_id: '00000000-0000-4000-8000-000000000010',
  profile_picture_url: null,
  language_preference: null,
  is_active: true,
  created_at: '2026-03-05T10:00:00.000Z',
  updated_at: '2026-03-05T10:00:00.000Z',
};

export const testCustomer: Customer = {
  id: '00000000-0000-4000-8000-000000000010',
  name: 'Acme Groundworks Ltd',
  address: '1 High Street, Leeds LS1 1AA',
  status: 'free',
  subscription_plan: 'free',
  subscription_start_date: null,
  subscription_end_date: null,
  subscription_canceled_at: null,
};

export function signInForTest(user: User = testUser, customer: Customer = testCustomer): void {
  sessionStore.signIn({ token: 'test-token', user, customer }, { persistent: true });
}

export function resetBrowserState(): void {
  sessionStore.clear();
  localStorage.clear();
  sessionStorage.clear();
}

/** A JWT-shaped token with the given payload (unsigned; the browser never verifies). */
export function fakeJwt(payload: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    Buffer.from(JSON.stringify(value))
      .toString('base64')
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}
