import { Body, Controller, Get, HttpCode, Inject, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  changePasswordSchema,
  IdentityChangePassword,
  IdentityLogin,
  IdentityProfileGet,
  IdentityProfilePictureSet,
  IdentityProfileUpdate,
  IdentityRegister,
  IdentityVerify,
  loginRequestSchema,
  profileUpdateSchema,
  registerRequestSchema,
  type Actor,
  type TypedClient,
} from '@planted/contracts';
import { BUS } from '../bus/tokens';
import { ProfilePictureService } from '../files/profile-picture.service';
import { ApiZodBody } from '../validation/openapi';
import { parseInput } from '../validation/parse';
import { CurrentActor, Public } from './auth.guard';
import { failsWith, LIMITERS, type Limiters } from './attempt-limiter';

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(
    @Inject(BUS) private readonly bus: TypedClient,
    @Inject(LIMITERS) private readonly limiters: Limiters,
    @Inject(ProfilePictureService) private readonly pictures: ProfilePictureService,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with email and password; answers token, user, customer' })
  @ApiZodBody(loginRequestSchema)
  async login(@Body() body: unknown, @Req() req: FastifyRequest) {
    const input = parseInput(loginRequestSchema, body);
    return this.limiters.login.guard(
      req.ip,
      input.email,
      () => this.bus.send(IdentityLogin, input),
      failsWith('INVALID_CREDENTIALS'),
    );
  }

  @Public()
  @Post('register')
  @ApiOperation({ summary: 'Register a new company; its creator becomes admin on the free plan' })
  @ApiZodBody(registerRequestSchema)
  async register(@Body() body: unknown, @Req() req: FastifyRequest) {
    const input = parseInput(registerRequestSchema, body);
    return this.limiters.register.guard(
      req.ip,
      input.email,
      () => this.bus.send(IdentityRegister, input),
      failsWith('EMAIL_TAKEN', 'CONFLICT'),
    );
  }

  @Get('profile')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The signed-in user and their company' })
  profile(@CurrentActor() actor: Actor) {
    return this.bus.send(IdentityProfileGet, { actor });
  }

  @Get('verify')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Checks the session; answers the fresh user' })
  verify(@CurrentActor() actor: Actor) {
    return this.bus.send(IdentityVerify, { actor });
  }

  @Put('profile')
  @ApiBearerAuth()
  @ApiZodBody(profileUpdateSchema)
  async updateProfile(@CurrentActor() actor: Actor, @Body() body: unknown) {
    const input = parseInput(profileUpdateSchema, body);
    const { user } = await this.bus.send(IdentityProfileUpdate, { actor, ...input });
    return { user, message: 'Profile updated successfully' };
  }

  @Put('change-password')
  @ApiBearerAuth()
  @ApiZodBody(changePasswordSchema)
  async changePassword(@CurrentActor() actor: Actor, @Body() body: unknown, @Req() req: FastifyRequest) {
    const input = parseInput(changePasswordSchema, body);
    return this.limiters.changePassword.guard(
      req.ip,
      actor.userId,
      () => this.bus.send(IdentityChangePassword, { actor, ...input }),
      failsWith('WRONG_PASSWORD'),
    );
  }

  @Post('profile-picture')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary: 'Upload a profile picture (field profilePicture; JPEG, PNG, GIF or WebP; at most 10 MB)',
  })
  async uploadProfilePicture(@CurrentActor() actor: Actor, @Req() req: FastifyRequest) {
    const url = await this.pictures.receive(req, actor);
    try {
      const { user, previous_url } = await this.bus.send(IdentityProfilePictureSet, {
        actor,
        profile_picture_url: url,
      });
      await this.pictures.discard(previous_url);
      return { user, profile_picture_url: url };
    } catch (err) {
      await this.pictures.discard(url);
      throw err;
    }
  }
}
