import { z } from 'zod';
import { MESSAGES } from '../messages';
import { defineRequest } from '../subject';
import { actorSchema, ROLE_VALUES, userSchema } from './models';

/** A user named in a path: a malformed id is refused in the words an unknown one gets. */
export const userIdField = z
  .string({ error: MESSAGES.USER_NOT_FOUND })
  .uuid({ error: MESSAGES.USER_NOT_FOUND });

export const userRoleSetSchema = z.object({
  role: z.enum(ROLE_VALUES, { error: MESSAGES.ROLE_INVALID }),
});

/**
 * PUT /api/users/{id}/role (admins): changes a user of the actor's company to admin, user or
 * viewer (spec §6). Every session of that user ends (their tokens carry the old role); a
 * company keeps at least one administrator (CONFLICT for the last one).
 */
export const IdentityUserRoleSet = defineRequest(
  'identity.users.role.set.v1',
  userRoleSetSchema.extend({ actor: actorSchema, id: userIdField }),
  z.object({ user: userSchema, message: z.string() }),
  { caller: 'user', errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'] },
);

/**
 * DELETE /api/users/{id} (admins): removes a user from the actor's company. The account is
 * deactivated (is_active false: it can no longer sign in, leaves the team list and frees its
 * seat) and every session of it ends; a company keeps at least one administrator.
 */
export const IdentityUserRemove = defineRequest(
  'identity.users.remove.v1',
  z.object({ actor: actorSchema, id: userIdField }),
  z.object({ message: z.string() }),
  { caller: 'user', errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'] },
);
