import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  IdentityInvitationAccept,
  IdentityInvitationCreate,
  IdentityInvitationValidate,
  type ParsedRequestOf,
  type ReplyOf,
} from '@planted/contracts';
import { SubjectPipe } from '@planted/messaging';
import { InvitationsService } from './invitations.service';

@Controller()
export class InvitationsHandlers {
  constructor(private readonly invitations: InvitationsService) {}

  @MessagePattern(IdentityInvitationCreate.name)
  create(
    @Payload(new SubjectPipe(IdentityInvitationCreate))
    input: ParsedRequestOf<typeof IdentityInvitationCreate>,
  ): Promise<ReplyOf<typeof IdentityInvitationCreate>> {
    const { actor, ...invitation } = input;
    return this.invitations.create(actor, invitation);
  }

  @MessagePattern(IdentityInvitationValidate.name)
  validate(
    @Payload(new SubjectPipe(IdentityInvitationValidate))
    input: ParsedRequestOf<typeof IdentityInvitationValidate>,
  ): Promise<ReplyOf<typeof IdentityInvitationValidate>> {
    return this.invitations.validate(input);
  }

  @MessagePattern(IdentityInvitationAccept.name)
  accept(
    @Payload(new SubjectPipe(IdentityInvitationAccept))
    input: ParsedRequestOf<typeof IdentityInvitationAccept>,
  ): Promise<ReplyOf<typeof IdentityInvitationAccept>> {
    return this.invitations.accept(input);
  }
}
