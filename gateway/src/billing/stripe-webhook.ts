import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';
import { BillingStripeWebhook, ServiceError } from '@planted/contracts';
import { sendError } from '../errors/http-exception.filter';
import type { RouteServices } from '../routes/register-routes';
import { handWritten, routerPath } from '../routes/route-kit';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
export const WEBHOOK_MESSAGES = {
  MALFORMED: 'Malformed JSON in request body',
  BAD_SIGNATURE: 'Invalid Stripe signature',
  NOT_CONFIGURED: 'Stripe webhooks are not configured',
} as const;

export const STRIPE_WEBHOOK_ROUTE = handWritten({
  method: 'POST',
  path: '/api/webhooks/stripe',
  operationId: 'receiveStripeWebhook',
  summary: 'Stripe’s events (checkout completed, subscription updated and deleted, invoice paid and failed)',
  description:
    'The body is checked byte for byte against its `Stripe-Signature` header (the endpoint’s signing secret, STRIPE_WEBHOOK_SECRET) and refused with 400 when it does not match, changing nothing. Each event id is applied once: a replay is answered 200 and changes nothing. Answered as soon as billing has taken the event in; it is applied right after.',
  tag: 'webhooks',
  access: 'public',
  why: 'the signature covers the raw body, which must reach the check unparsed',
  body: {
    mediaType: 'application/json',
    schema: { type: 'object', description: 'A Stripe Event object, as Stripe sends it' },
  },
  answers: {
    200: {
      description: 'Taken in (or seen before)',
      schema: z.object({ received: z.literal(true) }),
    },
  },
  errors: ['VALIDATION_FAILED', 'UNAVAILABLE'],
});

export interface WebhookServices extends Pick<RouteServices, 'bus' | 'logger'> {
  /** STRIPE_WEBHOOK_SECRET; undefined when the deployment takes no webhooks. */
  readonly webhookSecret: string | undefined;
}

/**
 * POST /api/webhooks/stripe in a plugin of its own, whose JSON parser keeps the body as
 * the text Stripe signed (the rest of the API parses JSON as usual). A verified event goes
 * on to billing as a call only the gateway may make.
 */
export function registerStripeWebhook(fastify: FastifyInstance, services: WebhookServices): void {
  void fastify.register(async (webhooks) => {
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    webhooks.route({
      method: STRIPE_WEBHOOK_ROUTE.method,
      url: routerPath(STRIPE_WEBHOOK_ROUTE.path),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        try {
          const event = verifiedEvent(request, services.webhookSecret);
          const { duplicate } = await services.bus.send(BillingStripeWebhook, {
            event: {
              id: event.id,
              type: event.type,
              created: event.created,
              data: { object: event.data.object as unknown as Record<string, unknown> },
            },
          });
          services.logger.info({ eventId: event.id, type: event.type, duplicate }, 'Stripe webhook taken in');
          return reply.status(200).send({ received: true });
        } catch (err) {
          return sendError(reply, err, String(request.id), services.logger);
        }
      },
    });
  });
}

function verifiedEvent(request: FastifyRequest, secret: string | undefined): Stripe.Event {
  const raw = typeof request.body === 'string' ? request.body : '';
  try {
    JSON.parse(raw);
  } catch {
    throw new ServiceError('VALIDATION_FAILED', WEBHOOK_MESSAGES.MALFORMED);
  }
  if (!secret) throw new ServiceError('UNAVAILABLE', WEBHOOK_MESSAGES.NOT_CONFIGURED);
  const signature = request.headers[STRIPE_SIGNATURE_HEADER];
  if (typeof signature !== 'string' || !signature)
    throw new ServiceError('VALIDATION_FAILED', WEBHOOK_MESSAGES.BAD_SIGNATURE);
  try {
    return Stripe.webhooks.constructEvent(raw, signature, secret);
  } catch {
    throw new ServiceError('VALIDATION_FAILED', WEBHOOK_MESSAGES.BAD_SIGNATURE);
  }
}
