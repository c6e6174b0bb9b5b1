import {
  applyDecorators,
  Body,
  Controller,
  Get,
  Header,
  Inject,
  Post,
  Query,
  Redirect,
  Req,
  Res,
} from '@nestjs/common';
import { ApiFoundResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { oauthCompleteSignupRequestSchema, type OAuthProvider } from '@planted/contracts';
import { Public } from '../auth/auth.guard';
import { ApiZodBody } from '../validation/openapi';
import { SocialSignIn, type BrowserStep } from './social-sign-in.service';

type Params = Record<string, unknown>;

const asParams = (value: unknown): Params => (value && typeof value === 'object' ? (value as Params) : {});

/** A public browser navigation answered with a 302. Redirects can carry a session token in their URL: never cached. */
function BrowserRedirect(summary: string, where: string) {
  return applyDecorators(
    Public(),
    Redirect(),
    Header('Cache-Control', 'no-store'),
    ApiOperation({ summary }),
    ApiFoundResponse({ description: where }),
  );
}

const START = 'To the provider (state, nonce, PKCE S256), or /login?error=provider_unavailable';
const BACK =
  '/auth/success?token&customer, /signup?error=no_tenancy&<provider>Id&email&name, or /login?error=oauth_failed|provider_unavailable';
const intentQuery = ApiQuery({ name: 'state', required: false, enum: ['login', 'signup'] });

/**
 * Social sign-in routes (spec §7). The entry points and callbacks answer browser
 * navigations, so every outcome is a 302; complete-signup is a JSON call from /signup.
 */
@ApiTags('auth')
@Controller('api/auth')
export class OAuthController {
  constructor(@Inject(SocialSignIn) private readonly social: SocialSignIn) {}

  private async go(step: Promise<BrowserStep>, reply: FastifyReply) {
    const { location, setCookie } = await step;
    if (setCookie) void reply.header('set-cookie', setCookie);
    return { url: location, statusCode: 302 };
  }

  private start(provider: OAuthProvider, intent: unknown, req: FastifyRequest, reply: FastifyReply) {
    return this.go(this.social.start(provider, intent, req.protocol === 'https'), reply);
  }

  private callback(provider: OAuthProvider, req: FastifyRequest, reply: FastifyReply) {
    const step = this.social.callback(
      provider,
      asParams(req.query),
      asParams(req.body),
      req.headers.cookie,
      req.protocol === 'https',
    );
    return this.go(step, reply);
  }

  @Get('google')
  @BrowserRedirect('Starts Google sign-in', START)
  @intentQuery
  google(
    @Query('state') intent: unknown,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.start('google', intent, req, reply);
  }

  @Get('microsoft')
  @BrowserRedirect('Starts Microsoft sign-in', START)
  @intentQuery
  microsoft(
    @Query('state') intent: unknown,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.start('microsoft', intent, req, reply);
  }

  @Get('apple')
  @BrowserRedirect('Starts Apple sign-in', START)
  @intentQuery
  apple(
    @Query('state') intent: unknown,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.start('apple', intent, req, reply);
  }

  @Get('google/callback')
  @BrowserRedirect('Google sends the browser back here', BACK)
  googleCallback(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.callback('google', req, reply);
  }

  @Get('microsoft/callback')
  @BrowserRedirect('Microsoft sends the browser back here', BACK)
  microsoftCallback(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.callback('microsoft', req, reply);
  }

  // Apple answers with response_mode=form_post: an urlencoded POST, parsed by the Nest Fastify adapter's built-in form parser.
  @Post('apple/callback')
  @BrowserRedirect('Apple posts its answer here (response_mode=form_post, urlencoded)', BACK)
  applePostCallback(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.callback('apple', req, reply);
  }

  @Get('apple/callback')
  @BrowserRedirect('Apple sends the browser back here (query response mode)', BACK)
  appleCallback(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.callback('apple', req, reply);
  }

  @Public()
  @Post('google/complete-signup')
  @ApiOperation({
    summary: 'Creates the company of a Google user who had none; answers token, user, customer',
  })
  @ApiZodBody(oauthCompleteSignupRequestSchema)
  completeGoogle(@Body() body: unknown) {
    return this.social.completeSignup('google', body);
  }

  @Public()
  @Post('microsoft/complete-signup')
  @ApiOperation({
    summary: 'Creates the company of a Microsoft user who had none; answers token, user, customer',
  })
  @ApiZodBody(oauthCompleteSignupRequestSchema)
  completeMicrosoft(@Body() body: unknown) {
    return this.social.completeSignup('microsoft', body);
  }

  @Public()
  @Post('apple/complete-signup')
  @ApiOperation({
    summary: 'Creates the company of an Apple user who had none; answers token, user, customer',
  })
  @ApiZodBody(oauthCompleteSignupRequestSchema)
  completeApple(@Body() body: unknown) {
    return this.social.completeSignup('apple', body);
  }
}
