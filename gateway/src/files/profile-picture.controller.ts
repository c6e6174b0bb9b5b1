import { Controller, Inject, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { IdentityProfilePictureSet, type Actor, type TypedClient } from '@planted/contracts';
import { CurrentActor } from '../auth/auth.guard';
import { PROFILE_PICTURE_ROUTE } from '../auth/auth.routes';
import { BUS } from '../bus/tokens';
import { Serve } from '../routes/serve.decorator';
import { ProfilePictureService } from './profile-picture.service';

/** The one multipart route: the image is checked and stored here before identity records its URL. */
@Controller()
export class ProfilePictureController {
  constructor(
    @Inject(BUS) private readonly bus: TypedClient,
    @Inject(ProfilePictureService) private readonly pictures: ProfilePictureService,
  ) {}

  @Serve(PROFILE_PICTURE_ROUTE)
  async upload(@CurrentActor() actor: Actor, @Req() req: FastifyRequest) {
    const url = await this.pictures.receive(req, actor);
    try {
      const { user, previous_url } = await this.bus.send(IdentityProfilePictureSet, {
        actor,
        profile_picture_url: url,
      });
      await this.pictures.retire(previous_url, actor);
      return { user, profile_picture_url: url };
    } catch (err) {
      await this.pictures.discard(url);
      throw err;
    }
  }
}
