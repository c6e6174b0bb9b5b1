import { z } from 'zod';
import { defineEvent } from '../subject';
import { customerSchema, userSchema } from './models';

export const CustomerCreated = defineEvent(
  'identity.customer.created.v1',
  z.object({ customer: customerSchema }),
);
export const CustomerUpdated = defineEvent(
  'identity.customer.updated.v1',
  z.object({ customer: customerSchema }),
);
export const UserCreated = defineEvent('identity.user.created.v1', z.object({ user: userSchema }));
export const UserUpdated = defineEvent('identity.user.updated.v1', z.object({ user: userSchema }));
export const InvitationCreated = defineEvent(
  'identity.invitation.created.v1',
  z.object({ invitation_id: z.string().uuid(), email: z.string(), role: z.string() }),
);
/** A pending invitation got a new link (the old one stopped working) and a new expiry. */
export const InvitationResent = defineEvent(
  'identity.invitation.resent.v1',
  z.object({ invitation_id: z.string().uuid(), email: z.string(), expires_at: z.string() }),
);
/**
 * A pending invitation was withdrawn, by an administrator or because its address has since taken
 * an account (registered, or joined another company): its link stopped working.
 */
export const InvitationRevoked = defineEvent(
  'identity.invitation.revoked.v1',
  z.object({ invitation_id: z.string().uuid(), email: z.string() }),
);
