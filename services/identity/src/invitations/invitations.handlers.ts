import { Controller } from '@nestjs/common';
import {
  IdentityInvitationAccept,
  IdentityInvitationCreate,
  IdentityInvitationValidate,
  type ParsedRequestOf,
} from '@planted/contracts';
import { Handles } from '@planted/service-kit';
import { InvitationsService } from './invitations.service';

@Controller()
export class InvitationsHandlers {
  constructor(private readonly invitations: InvitationsService) {}

  @Handles(IdentityInvitationCreate)
  create(input: ParsedRequestOf<typeof IdentityInvitationCreate>) {
    const { actor, ...invitation } = input;
    return this.invitations.create(actor, invitation);
  }

  @Handles(IdentityInvitationValidate)
  validate(input: ParsedRequestOf<typeof IdentityInvitationValidate>) {
    return this.invitations.validate(input);
  }

  @Handles(IdentityInvitationAccept)
  accept(input: ParsedRequestOf<typeof IdentityInvitationAccept>) {
    return this.invitations.accept(input);
  }
}
