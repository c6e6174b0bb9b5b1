import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import multipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  createLogger,
  enterRequestContext,
  REQUEST_ID_HEADER,
  slowRequestMs,
  type Logger,
} from '@planted/logging';
import { SessionRevocations, SessionTokenVerifier } from '@planted/messaging';
import { flushTracing, Metrics, startTracing } from '@planted/observability';
import { AppModule } from './app.module';
import { LIMITERS } from './auth/attempt-limiter';
import { connectInfrastructure, type GatewayInfrastructure } from './bus/infrastructure';
import type { GatewayConfig } from './config';
import { EquipmentImages } from './catalogue/equipment-images';
import { registerStripeWebhook } from './billing/stripe-webhook';
import { registerEquipmentUploads } from './catalogue/equipment-upload';
import { answerClientError, HttpErrorFilter, sendError } from './errors/http-exception.filter';
import { PROFILE_PICTURE_MAX_BYTES } from './files/profile-picture.service';
import { registerFilesRoute } from './files/files.route';
import { RetiredFiles } from './files/retired-files';
import { LocalDiskStorage, type FileStorage } from './files/storage';
import { AllowedMethods, methodNotAllowed } from './http/allowed-methods';
import { enforceBodyLimit } from './http/body-limit';
import { GatewayFastifyAdapter } from './http/fastify-adapter';
import { metricsPortOf, observeHttp, serveMetrics } from './http/observability';
import { SocialSignIn } from './oauth/social-sign-in.service';
import { buildOpenApiDocument } from './routes/openapi-document';
import { IdempotencyStore } from './idempotency/idempotency-store';
import { registerRoutes } from './routes/register-routes';
import { ALL_ROUTES, KIT_ROUTES } from './routes/routes';
import { registerWebApp } from './web/web-app';
import { graphqlBodyProblem } from './graphql/graphql-caller';

export interface GatewayApp {
  app: NestFastifyApplication;
  url: string;
  port: number;
  openApi: Record<string, unknown>;
  infra: GatewayInfrastructure;
  /** Prometheus metrics of this gateway, served on metricsPort when METRICS_PORT is set. */
  metrics: Metrics;
  metricsPort: number | undefined;
  close(): Promise<void>;
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets for these options, worked out once. @fastify/helmet builds helmet's
 * middleware again on every request (parsing the CSP directives each time); with no nonces
 * and no per-request directive functions the answer is the same for every request.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/graphql');
}

/** Builds and starts the gateway; `port` 0 picks a free port (tests). */
export async function createGatewayApp(
  config: GatewayConfig,
  options: { logger?: Logger; storage?: FileStorage } = {},
): Promise<GatewayApp> {
  startTracing({
    serviceName: 'gateway',
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    sampleRatio: config.OTEL_TRACES_SAMPLER_ARG,
  });
  const logger = options.logger ?? createLogger('gateway', { level: config.LOG_LEVEL });
  const metrics = new Metrics('gateway');
  const infra = await connectInfrastructure(config, logger, metrics);
  const revocations = new SessionRevocations({
    nc: infra.nc,
    subjectPrefix: config.NATS_SUBJECT_PREFIX,
    lookbackSeconds: config.SESSION_REVOCATION_LOOKBACK_SECONDS,
    logger,
    signer: infra.eventSigner,
  });
  try {
    // Before the first request: a token ended before this gateway started is refused too.
    await revocations.start();
  } catch (err) {
    await revocations.stop();
    await infra.close();
    throw err;
  }
  const storage = options.storage ?? new LocalDiskStorage(config.UPLOAD_DIR);
  const retired = new RetiredFiles(storage, config.FILES_RETIRE_AFTER_SECONDS * 1000, logger);

  // Helmet's security headers, worked out once: every answer carries them (see onRequest below).
  const securityHeaders = helmetHeaders(HELMET_OPTIONS);
  const adapter = new GatewayFastifyAdapter({
    // The hard cap; the JSON limit itself is enforced by enforceBodyLimit (see there why).
    bodyLimit: Math.max(config.OVERSIZED_BODY_READ_LIMIT_BYTES, config.JSON_BODY_LIMIT_BYTES),
    // A hop count: Fastify then takes the address that many entries from the right.
    trustProxy: config.TRUST_PROXY,
    logger: false,
    // A JSON body with a "__proto__" key, or a "constructor" holding a "prototype", is taken with
    // that key dropped (no field of the API is named so) rather than refused as malformed JSON,
    // which it is not; either way it never reaches an object's prototype.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    // Router errors (a path segment over maxParamLength, a malformed percent-encoding) and the
    // HTTP parser's in the API's error shape, not Fastify's (which echoed the path and its codes).
    frameworkErrors: (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
      // No onRequest hook runs for these: the request id and security headers are set here.
      reply.header(REQUEST_ID_HEADER, request.id);
      reply.headers(securityHeaders);
      void sendError(reply, error, String(request.id), logger);
    },
    clientErrorHandler: answerClientError,
    // No Nest middleware is used (MiddlewareConsumer): @fastify/middie would only add a hook per request.
    skipMiddie: true,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const incoming = req.headers[REQUEST_ID_HEADER];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.create(config, infra, storage, retired, logger, revocations),
    adapter,
    {
      logger: ['error', 'warn'],
      abortOnError: false,
    },
  );
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;

  // Errors Fastify raises before a handler runs (malformed JSON, body too large, bad content
  // type) are answered by sendError on every route whose scope has no error handler of its own
  // (the kit's, Nest's controllers, uploads, files, webhook, docs, web app; GraphQL keeps its
  // plugin's); the 404 keeps the error handler Nest sets at init (it maps them to
  // HttpExceptions for HttpErrorFilter). Given to each route as it is added rather than with
  // setErrorHandler, which Nest calls again in the same scope (FSTWRN004).
  const fastifyDefault = fastify.errorHandler;
  const answerFastifyError = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    void sendError(reply, error, String(request.id), logger);
  };
  const allowed = new AllowedMethods();
  fastify.addHook('onRoute', function (this: FastifyInstance, routeOptions) {
    if (this.errorHandler === fastifyDefault) routeOptions.errorHandler ??= answerFastifyError;
    allowed.add(routeOptions.method, routeOptions.url);
    // A POST /graphql body that is not a GraphQL request is refused before graphql-js, in GraphQL's shape.
    if (routeOptions.url === '/graphql' && [routeOptions.method].flat().includes('POST')) {
      const own = routeOptions.preValidation;
      routeOptions.preValidation = [refuseNonGraphqlBody, ...(own ? [own].flat() : [])];
    }
  });

  // The request id and the security headers in one hook.
  fastify.addHook('onRequest', (request, reply, done) => {
    enterRequestContext(String(request.id));
    reply.header(REQUEST_ID_HEADER, request.id);
    reply.headers(securityHeaders);
    done();
  });
  // Successful requests are not logged one line each at info (a line and a synchronous pipe
  // write per request cost the gateway a tenth of its CPU): failures (4xx/5xx) and slow answers
  // are; every request is at debug.
  const slowMs = slowRequestMs();
  const debugging = logger.isLevelEnabled('debug');
  const informing = logger.isLevelEnabled('info');
  if (informing)
    fastify.addHook('onResponse', (request, reply, done) => {
      const status = reply.statusCode;
      const ms = reply.elapsedTime;
      if (status >= 400 || ms >= slowMs || debugging) {
        const line = { method: request.method, url: request.url.split('?')[0], status, ms: Math.round(ms) };
        if (status >= 400) logger.info(line, 'request failed');
        else if (ms >= slowMs) logger.info(line, 'slow request');
        else logger.debug(line, 'request');
      }
      done();
    });
  observeHttp(fastify, metrics);
  enforceBodyLimit(fastify, config.JSON_BODY_LIMIT_BYTES);

  // API answers carry tokens and company data: no browser or proxy may keep them (issue 8).
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  await app.register(multipart as never, { limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1 } });

  registerFilesRoute(fastify, storage);
  const routeServices = {
    bus: infra.bus,
    verifier: app.get(SessionTokenVerifier),
    limiters: app.get(LIMITERS),
    social: app.get(SocialSignIn),
    logger,
    idempotency: new IdempotencyStore(infra.redis, config.REDIS_KEY_PREFIX, infra.gatewaySecret),
  };
  // Answers an earlier version kept in clear go at once, not in a day (in the background:
  // nothing waits for it, and a failure only leaves them to expire).
  routeServices.idempotency.dropUnsealed().then(
    (dropped) => dropped > 0 && logger.info({ dropped }, 'idempotency answers kept in clear deleted'),
    (err: unknown) => logger.warn({ err }, 'could not delete idempotency answers kept in clear'),
  );
  registerRoutes(fastify, KIT_ROUTES, routeServices);
  registerEquipmentUploads(fastify, { ...routeServices, images: new EquipmentImages(storage, retired) });
  registerStripeWebhook(fastify, { ...routeServices, webhookSecret: config.STRIPE_WEBHOOK_SECRET });
  const openApi = buildOpenApiDocument(ALL_ROUTES);
  SwaggerModule.setup('api/docs', app, openApi as unknown as OpenAPIObject, {
    jsonDocumentUrl: 'api/docs/openapi.json',
  });
  const web = await registerWebApp(fastify, config.WEB_DIST, config.APP_URL);
  app.get(HttpErrorFilter).setRouteNotFound(methodNotAllowed(allowed, isApiPath, web.notFound));
  const webBuilt = web.built;

  app.enableShutdownHooks();
  await app.listen(config.PORT, config.HOST);
  const metricsServer =
    config.METRICS_PORT === undefined
      ? undefined
      : await serveMetrics(metrics, config.METRICS_PORT, config.HOST);
  const address = fastify.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://localhost:${port}`;
  logger.info({ url, webBuilt }, 'gateway listening');

  let closed = false;
  return {
    app,
    url,
    port,
    openApi,
    infra,
    metrics,
    metricsPort: metricsServer && metricsPortOf(metricsServer),
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await retired.flush();
      await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
      await revocations.stop();
      await infra.close();
      await flushTracing().catch(() => undefined);
    },
  };
}

function refuseNonGraphqlBody(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const problem = graphqlBodyProblem(request.body);
  if (!problem) return done();
  void reply.code(400).send({ data: null, errors: [{ message: problem }] });
}
