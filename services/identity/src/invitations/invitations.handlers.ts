import { Controller } from '@nestjs/common';
import {
  IdentityInvitationAccept,
  IdentityInvitationCreate,
  IdentityInvitationResend,
  IdentityInvitationRevoke,
  IdentityInvitationsList,
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

  @Handles(IdentityInvitationsList)
  list(input: ParsedRequestOf<typeof IdentityInvitationsList>) {
    return this.invitations.list(input.actor);
  }

  @Handles(IdentityInvitationResend)
  resend(input: ParsedRequestOf<typeof IdentityInvitationResend>) {
    const { actor, ...target } = input;
    return this.invitations.resend(actor, target);
  }

  @Handles(IdentityInvitationRevoke)
  revoke(input: ParsedRequestOf<typeof IdentityInvitationRevoke>) {
    const { actor, ...target } = input;
    return this.invitations.revoke(actor, target);
  }
}
