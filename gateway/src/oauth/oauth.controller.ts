import { Controller, Inject, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OAuthProvider } from '@planted/contracts';
import { queryOf } from '../routes/route-kit';
import { Serve } from '../routes/serve.decorator';
import { parseInput } from '../validation/parse';
import {
  APPLE_FORM_POST_CALLBACK_ROUTE,
  OAUTH_CALLBACK_ROUTES as CALLBACK,
  OAUTH_START_ROUTES as START,
} from './oauth.routes';
import { SocialSignIn, type BrowserStep } from './social-sign-in.service';

type Params = Record<string, unknown>;

const asParams = (value: unknown): Params => (value && typeof value === 'object' ? (value as Params) : {});

/**
 * Social sign-in's browser navigations (spec §7), declared in oauth.routes.ts. Every
 * outcome is a 302, and redirects can carry a session token in their URL: never cached.
 * Complete-signup is a JSON call, served by the route kit.
 */
@Controller()
export class OAuthController {
  constructor(@Inject(SocialSignIn) private readonly social: SocialSignIn) {}

  private async go(step: Promise<BrowserStep>, reply: FastifyReply) {
    const { location, setCookie } = await step;
    if (setCookie) void reply.header('set-cookie', setCookie);
    return { url: location, statusCode: 302 };
  }

  private start(provider: OAuthProvider, intent: unknown, req: FastifyRequest, reply: FastifyReply) {
    parseInput(queryOf(START[provider]), req.query);
    return this.go(this.social.start(provider, intent, req.protocol === 'https'), reply);
  }

  private callback(provider: OAuthProvider, req: FastifyRequest, reply: FastifyReply) {
    if (req.method === 'GET') parseInput(queryOf(CALLBACK[provider]), req.query);
    const step = this.social.callback(
      provider,
      asParams(req.query),
      asParams(req.body),
      req.headers.cookie,
      req.protocol === 'https',
    );
    return this.go(step, reply);
  }

  @Serve(START.google)
  google(
    @Query('state') intent: unknown,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.start('google', intent, req, reply);
  }

  @Serve(START.microsoft)
  microsoft(
    @Query('state') intent: unknown,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.start('microsoft', intent, req, reply);
  }

  @Serve(START.apple)
  apple(
    @Query('state') intent: unknown,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.start('apple', intent, req, reply);
  }

  @Serve(CALLBACK.google)
  googleCallback(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.callback('google', req, reply);
  }

  @Serve(CALLBACK.microsoft)
  microsoftCallback(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.callback('microsoft', req, reply);
  }

  // Apple answers with response_mode=form_post: an urlencoded POST, parsed by the Nest Fastify adapter's built-in form parser.
  @Serve(APPLE_FORM_POST_CALLBACK_ROUTE)
  applePostCallback(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.callback('apple', req, reply);
  }

  @Serve(CALLBACK.apple)
  appleCallback(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.callback('apple', req, reply);
  }
}
