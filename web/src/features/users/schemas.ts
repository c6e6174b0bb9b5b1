import { invitationCreateSchema } from '@planted/contracts';

/** Spec §5 Invite: the contract's rules (role user by default). */
export const inviteFormSchema = invitationCreateSchema;
