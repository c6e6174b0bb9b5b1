import { Body, Controller, Get, Inject, Post, Query } from '@nestjs/common';
import { failsWith, LIMITERS, type Limiters } from '../auth/attempt-limiter';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  IdentityInvitationAccept,
  IdentityInvitationCreate,
  IdentityInvitationValidate,
  invitationAcceptSchema,
  invitationCreateSchema,
  invitationTokenField,
  type Actor,
  type TypedClient,
} from '@planted/contracts';
import { CurrentActor, Public } from '../auth/auth.guard';
import { BUS } from '../bus/tokens';
import { ApiZodBody } from '../validation/openapi';
import { parseInput } from '../validation/parse';

const validateQuery = z.object({ token: invitationTokenField });

@ApiTags('invitations')
@Controller('api/invitations')
export class InvitationsController {
  constructor(
    @Inject(BUS) private readonly bus: TypedClient,
    @Inject(LIMITERS) private readonly limiters: Limiters,
  ) {}

  @Post()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Invite someone to the company by email (admins only)' })
  @ApiZodBody(invitationCreateSchema)
  create(@CurrentActor() actor: Actor, @Body() body: unknown) {
    const input = parseInput(invitationCreateSchema, body);
    return this.limiters.invite.guard(
      actor.userId,
      input.email,
      () => this.bus.send(IdentityInvitationCreate, { actor, ...input }),
      failsWith('EMAIL_TAKEN', 'CONFLICT'),
    );
  }

  @Public()
  @Get('validate')
  @ApiQuery({ name: 'token', required: true })
  @ApiOperation({ summary: 'Checks an invitation token; answers the invited email, name, role and company' })
  validate(@Query() query: unknown) {
    return this.bus.send(IdentityInvitationValidate, parseInput(validateQuery, query));
  }

  @Public()
  @Post('accept')
  @ApiOperation({ summary: 'Accepts an invitation, creating the user' })
  @ApiZodBody(invitationAcceptSchema)
  accept(@Body() body: unknown) {
    return this.bus.send(IdentityInvitationAccept, parseInput(invitationAcceptSchema, body));
  }
}
