import { FastifyAdapter, type NestFastifyBodyParserOptions } from '@nestjs/platform-fastify';
import type { FastifyBodyParser } from 'fastify';

/**
 * Nest's Fastify adapter, except for JSON bodies: a request that says its body is JSON and
 * sends none (a DELETE, or a POST of an action such as a favourite, from a client that sets
 * `Content-Type: application/json` on every request) is taken as one without a body.
 * Fastify's parser refuses it (400 "Body cannot be empty"), before the route could answer
 * 401 to a missing session or do what was asked; routes that need fields now say which are
 * missing, as for `{}`. Any other body goes to the parser Nest gives (Fastify's, with its
 * prototype- and constructor-poisoning checks).
 */
export class GatewayFastifyAdapter extends FastifyAdapter {
  override useBodyParser(
    type: string | string[] | RegExp,
    rawBody: boolean,
    options?: NestFastifyBodyParserOptions,
    parser?: FastifyBodyParser<Buffer>,
  ): void {
    const json = type === 'application/json' && parser;
    super.useBodyParser(
      type,
      rawBody,
      options,
      json
        ? (request, body, done) => {
            if (body.length === 0) done(null, undefined);
            else json.call(this.getInstance(), request, body, done);
          }
        : parser,
    );
  }
}
