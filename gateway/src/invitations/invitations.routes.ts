import {
  IdentityInvitationAccept,
  IdentityInvitationCreate,
  IdentityInvitationResend,
  IdentityInvitationRevoke,
  IdentityInvitationsList,
  IdentityInvitationValidate,
  MESSAGES,
} from '@planted/contracts';
import { limited, quota } from '../auth/limited';
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
      // Each sends an email from our address: a company sends a few dozen an hour at most,
      // and an address is sent a few an hour, whoever invites it.
      quota('invitationEmails', (_input, context) => context.actor!.customerId),
      quota<{ email: string }>('invitationRecipients', (input) => input.email.trim().toLowerCase()),
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
  route(IdentityInvitationsList, {
    method: 'GET',
    path: '/api/invitations',
    operationId: 'listInvitations',
    summary: "The company's pending invitations and its seats against the plan's user limit (admins only)",
    tag: 'invitations',
    access: 'admin',
    forbidden: MESSAGES.ONLY_ADMINS_MANAGE_INVITATIONS,
  }),
  route(IdentityInvitationResend, {
    method: 'POST',
    path: '/api/invitations/{id}/resend',
    operationId: 'resendInvitation',
    summary: 'Emails a pending invitation again with a new link; the old link stops working (admins only)',
    tag: 'invitations',
    access: 'admin',
    forbidden: MESSAGES.ONLY_ADMINS_MANAGE_INVITATIONS,
    params: ['id'],
    status: 200,
    before: [
      quota('invitationEmails', (_input, context) => context.actor!.customerId),
      quota<{ id: string }>('invitationResends', (input) => input.id),
    ],
  }),
  route(IdentityInvitationRevoke, {
    method: 'DELETE',
    path: '/api/invitations/{id}',
    operationId: 'revokeInvitation',
    summary: 'Revokes a pending invitation; its link stops working (admins only)',
    tag: 'invitations',
    access: 'admin',
    forbidden: MESSAGES.ONLY_ADMINS_MANAGE_INVITATIONS,
    params: ['id'],
  }),
];
