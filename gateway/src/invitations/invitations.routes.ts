import {
  IdentityInvitationAccept,
  IdentityInvitationCreate,
  IdentityInvitationValidate,
  MESSAGES,
} from '@planted/contracts';
import { limited } from '../auth/limited';
import { route } from '../routes/route-kit';

export const INVITATIONS_ROUTES = [
  route(IdentityInvitationCreate, {
    method: 'POST',
    path: '/api/invitations',
    operationId: 'createInvitation',
    summary: 'Invite someone to the company by email (admins only)',
    tag: 'invitations',
    access: 'admin',
    forbidden: MESSAGES.ONLY_ADMINS_INVITE,
    // "Already a user" tells whether an address has an account: heard a few times per inviter.
    before: [
      limited<{ email: string }>(
        'invite',
        (input, context) => ({ source: context.actor!.userId, account: input.email }),
        'EMAIL_TAKEN',
        'CONFLICT',
      ),
    ],
  }),
  route(IdentityInvitationValidate, {
    method: 'GET',
    path: '/api/invitations/validate',
    operationId: 'validateInvitation',
    summary: 'Checks an invitation token; answers the invited email, name, role and company',
    tag: 'invitations',
    access: 'public',
    query: ['token'],
  }),
  route(IdentityInvitationAccept, {
    method: 'POST',
    path: '/api/invitations/accept',
    operationId: 'acceptInvitation',
    summary: 'Accepts an invitation, creating the user',
    tag: 'invitations',
    access: 'public',
  }),
];
