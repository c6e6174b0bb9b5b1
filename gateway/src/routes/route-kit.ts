import { z } from 'zod';
import type { Actor, ErrorCode, ReplyOf, RequestSubject, TypedClient } from '@planted/contracts';
import type { SessionTokenVerifier } from '@planted/messaging';
import type { Limiters } from '../auth/attempt-limiter';
import type { SocialSignIn } from '../oauth/social-sign-in.service';

/**
 * Who may call a route: anyone, a signed-in user (valid bearer token), or a signed-in
 * administrator of their company.
 */
/**
 * Who may call a route: anyone; any signed-in user; a `member`, signed in and not a viewer (a
 * route that adds or changes the company's records: viewers see them and change none); an admin.
 */
export type Access = 'public' | 'signed-in' | 'member' | 'admin';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** OpenAPI tags: every route names one, and the document describes each. */
export const TAGS = {
  auth: 'Sign-in, registration, the session and the signed-in user’s own profile (spec §7 Auth).',
  users: 'The users of the signed-in user’s company.',
  invitations: 'Inviting people into a company by email, and accepting an invitation.',
  customers: 'The signed-in user’s company (customer) and its dashboard figures.',
  equipment:
    'The community equipment catalogue shared by every company: items, categories, favourites, latest prices (spec §7 Equipment).',
  suppliers:
    'The community supplier directory: shared basic information, and each company’s own details, notes and timeline (spec §7 Suppliers).',
  sites: 'The company’s own sites, geocoded when saved (spec §7 Sites).',
  hires:
    'The company’s hires: totals computed on the server, bulk status and delete, ending soon, overdue, plan usage (spec §7 Hires).',
  subscriptions:
    'Plans and the company’s subscription: card checkout, the return from it, downgrade to free at renewal (spec §7 Subscriptions).',
  webhooks: 'Events the card payment provider (Stripe) sends, verified by their signature.',
  accounting:
    'The accounting integration (Zahara): settings, code lookups, supplier matching and export, purchase orders (spec §7 Accounting integration).',
} as const;

export type Tag = keyof typeof TAGS;

/** What a route step or handler sees of the request. */
export interface RouteContext {
  /** The verified caller; absent on public routes. */
  actor?: Actor;
  ip: string;
  /** Whether the request came over HTTPS (directly or through a trusted proxy). */
  secure: boolean;
  /** The request's Cookie header (only hand-written routes read it: social signup's binding). */
  cookies?: string;
}

/**
 * Work a route does around forwarding, after validation (the attempt limits): it may
 * refuse before calling `next`, and sees how the call went. It names the error codes it
 * may raise, so the OpenAPI document lists their answers.
 */
export interface RouteStep<Input> {
  readonly errors: readonly ErrorCode[];
  run<T>(input: Input, context: RouteContext, deps: RouteDependencies, next: () => Promise<T>): Promise<T>;
}

/** What the gateway hands route steps and custom handlers (built once in app.ts). */
export interface RouteDependencies {
  readonly bus: TypedClient;
  /** Checks session tokens; a step may wait on it for the caller's session to end (endsSession). */
  readonly verifier: Pick<SessionTokenVerifier, 'untilEnded'>;
  readonly limiters: Limiters;
  readonly social: SocialSignIn;
}

type ClientInput<S extends RequestSubject> = Omit<z.output<S['request']>, 'actor'>;

interface CommonOptions {
  method: HttpMethod;
  /** The route's path, OpenAPI style: `/api/things/{id}`. */
  path: string;
  /** Unique, URL-safe; also the name generated clients give the call. */
  operationId: string;
  summary: string;
  description?: string;
  tag: Tag;
  access: Access;
  /** The answer to an administrator-only route called by someone else (403). */
  forbidden?: string;
  /** Success status: POST answers 201 unless it says otherwise, everything else 200. */
  status?: 200 | 201 | 204;
  /**
   * Takes an optional Idempotency-Key header (design.md, Contracts): the answer is kept
   * with the key for 24 hours and given again for the same key and body, and the key goes
   * on to the service so that its creating handler runs once (the service kit's `once`).
   * On by default for a POST answering 201, the creating routes.
   */
  idempotent?: boolean;
}

export interface RouteOptions<S extends RequestSubject, Answer = ReplyOf<S>> extends CommonOptions {
  /** Payload fields read from the query string; the rest of a non-GET payload is the JSON body (a GET has none). */
  query?: readonly (keyof ClientInput<S> & string)[];
  /** Payload fields read from the path (`{id}`). */
  params?: readonly (keyof ClientInput<S> & string)[];
  /** The client's part of the payload, when it is not the subject's payload less `actor`. */
  input?: z.ZodObject;
  /**
   * `input` is the subject's payload schema less `actor` in all but name (the same fields and
   * checks, e.g. a refined object zod cannot omit `actor` from): its output with the verified
   * actor is what the subject's schema would answer, so the payload leaves without a second
   * parse. hires-routes.spec checks each route that says so against its subject's schema.
   */
  inputIsPayload?: boolean;
  before?: readonly RouteStep<ClientInput<S>>[];
  /** The HTTP answer, when it is not the subject's reply as it is. */
  answer?: { schema: z.ZodType<Answer>; from(reply: ReplyOf<S>): Answer };
  /** Serves the route itself instead of forwarding the payload to the subject. */
  handle?(input: ClientInput<S>, context: RouteContext, deps: RouteDependencies): Promise<ReplyOf<S>>;
  /** Error codes the route raises itself besides the subject's own. */
  errors?: readonly ErrorCode[];
}

/** A route declared once: the kit serves it (auth, validation, forwarding, errors) and documents it. */
export interface RouteDeclaration extends CommonOptions {
  readonly kind: 'kit';
  readonly subject: RequestSubject;
  readonly status: 200 | 201 | 204;
  readonly idempotent: boolean;
  /** The client's input schema (payload without `actor`): body, query and path fields together. */
  readonly input: z.ZodObject;
  readonly query: readonly string[];
  readonly params: readonly string[];
  /** Whether the route reads a JSON body (every method but GET: spec §7 sends DELETE bodies too). */
  readonly hasBody: boolean;
  readonly before: readonly RouteStep<never>[];
  readonly answerSchema: z.ZodType;
  readonly toAnswer: (reply: unknown) => unknown;
  /** Whether the answer is the subject's reply itself: no handler, no steps, no answer of its own. */
  readonly answersReply: boolean;
  /**
   * Whether the input, once parsed, with the verified actor when the route has one, is the
   * subject's payload parsed with its own schema (the input is the subject's schema less
   * `actor`, and the payload has an actor exactly when the route is signed in): the bus
   * need not parse it again before it leaves.
   */
  readonly forwardsParsed: boolean;
  readonly handle?: (input: never, context: RouteContext, deps: RouteDependencies) => Promise<unknown>;
  /** Every error code this route may answer with (subject's, steps', its own). */
  readonly errors: readonly ErrorCode[];
}

function clientInput(subject: RequestSubject): z.ZodObject {
  const request = subject.request as z.ZodType;
  if (!('shape' in request)) throw new Error(`${subject.name}: a route needs an object payload`);
  const object = request as z.ZodObject;
  return 'actor' in object.shape ? object.omit({ actor: true }) : object;
}

/** Declares a route from its contract subject (design.md, Kits: the route kit). */
export function route<S extends RequestSubject, Answer = ReplyOf<S>>(
  subject: S,
  options: RouteOptions<S, Answer>,
): RouteDeclaration {
  const before = (options.before ?? []) as readonly RouteStep<never>[];
  const input = options.input ?? clientInput(subject);
  const query: readonly string[] = options.query ?? [];
  const params: readonly string[] = options.params ?? [];
  // Declaration mistakes fail at start-up, not as a puzzling 400 at run time.
  for (const name of params) {
    if (!options.path.includes(`{${name}}`))
      throw new Error(`${options.operationId}: {${name}} is not in its path`);
  }
  // A change the contract keeps from viewers (the services refuse them) is refused here first.
  if (subject.access === 'member' && options.access !== 'member' && options.access !== 'admin')
    throw new Error(`${options.operationId}: ${subject.name} is for members; its route must be too`);
  if (options.access === 'member' && subject.access !== 'member')
    throw new Error(
      `${options.operationId}: a route for members needs a contract for members (access: 'member')`,
    );
  const fromBody = Object.keys(input.shape).filter((k) => !query.includes(k) && !params.includes(k));
  if (options.method === 'GET' && fromBody.length) {
    throw new Error(
      `${options.operationId}: a GET has no body; read ${fromBody.join(', ')} from query or params`,
    );
  }
  const status = options.status ?? (options.method === 'POST' ? 201 : 200);
  return {
    kind: 'kit',
    ...options,
    subject,
    status,
    idempotent: options.idempotent ?? (options.method === 'POST' && status === 201),
    input,
    query,
    params,
    hasBody: options.method !== 'GET',
    before,
    answerSchema: options.answer?.schema ?? subject.response,
    toAnswer: options.answer ? (reply) => options.answer!.from(reply as ReplyOf<S>) : (reply) => reply,
    answersReply: !options.answer && !options.handle && before.length === 0,
    forwardsParsed:
      (!options.input || options.inputIsPayload === true) &&
      'actor' in (subject.request as z.ZodObject).shape === (options.access !== 'public'),
    handle: options.handle as RouteDeclaration['handle'],
    errors: [
      ...new Set([...subject.errors, ...before.flatMap((step) => step.errors), ...(options.errors ?? [])]),
    ],
  };
}

/** A documented answer of a hand-written route. */
export interface HandWrittenAnswer {
  description: string;
  /** JSON answer body. */
  schema?: z.ZodType;
  headers?: Record<string, { description: string }>;
}

export interface HandWrittenOptions extends Omit<CommonOptions, 'status'> {
  /** Why the kit does not serve this route (a multipart upload, a browser redirect). */
  why: string;
  /** Query parameters: name to zod schema (optional schemas make optional parameters); see `queryOf`. */
  query?: Record<string, z.ZodType>;
  /** Path parameters (`{id}`): name to zod schema. */
  params?: Record<string, z.ZodType>;
  /** A request body that is not JSON: its media type and its form fields. */
  body?: { mediaType: string; schema: Record<string, unknown> };
  /** The fields the route also reads as a JSON body (a form's fields without its file). */
  jsonBody?: z.ZodObject;
  answers: Partial<Record<200 | 201 | 204 | 302, HandWrittenAnswer>>;
  /** Error codes the route may answer with. */
  errors: readonly ErrorCode[];
}

/**
 * A route served by code of its own (a Nest controller, or a Fastify handler like the
 * equipment uploads), declared here so that it is documented like the
 * others and its method, path and access come from one place (see `Serve`).
 */
export interface HandWrittenRoute extends HandWrittenOptions {
  readonly kind: 'hand-written';
  readonly status: 200 | 201 | 204 | 302;
  readonly hasBody: boolean;
}

export function handWritten(options: HandWrittenOptions): HandWrittenRoute {
  const statuses = Object.keys(options.answers).map(Number) as HandWrittenRoute['status'][];
  for (const name of Object.keys(options.params ?? {})) {
    if (!options.path.includes(`{${name}}`))
      throw new Error(`${options.operationId}: {${name}} is not in its path`);
  }
  return {
    kind: 'hand-written',
    ...options,
    status: statuses[0],
    hasBody: options.body !== undefined || options.jsonBody !== undefined,
  };
}

export type AnyRoute = RouteDeclaration | HandWrittenRoute;

/** The query schema of a hand-written route, for its controller to validate with (control characters: 400). */
export function queryOf(declaration: HandWrittenRoute): z.ZodObject {
  return z.object(declaration.query ?? {});
}

/** `/api/things/{id}` as Fastify and Nest spell it: `/api/things/:id`. */
export function routerPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
