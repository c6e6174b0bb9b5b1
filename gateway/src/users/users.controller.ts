import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  IdentityLanguageSet,
  IdentityUsersList,
  languageUpdateSchema,
  type Actor,
  type TypedClient,
} from '@planted/contracts';
import { CurrentActor } from '../auth/auth.guard';
import { BUS } from '../bus/tokens';
import { ApiZodBody } from '../validation/openapi';
import { parseInput } from '../validation/parse';

@ApiTags('users')
@ApiBearerAuth()
@Controller('api/users')
export class UsersController {
  constructor(@Inject(BUS) private readonly bus: TypedClient) {}

  @Get()
  @ApiOperation({ summary: "The users of the signed-in user's company" })
  list(@CurrentActor() actor: Actor) {
    return this.bus.send(IdentityUsersList, { actor });
  }

  @Put('language')
  @ApiOperation({ summary: 'Sets the language preference (en or es)' })
  @ApiZodBody(languageUpdateSchema)
  async setLanguage(@CurrentActor() actor: Actor, @Body() body: unknown) {
    const { language } = parseInput(languageUpdateSchema, body);
    const { user } = await this.bus.send(IdentityLanguageSet, { actor, language });
    return { user, language_preference: user.language_preference };
  }
}
