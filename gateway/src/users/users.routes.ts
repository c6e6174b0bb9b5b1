import { z } from 'zod';
import {
  IdentityLanguageSet,
  IdentityUserRemove,
  IdentityUserRoleSet,
  IdentityUsersList,
  languageSchema,
  MESSAGES,
  userSchema,
} from '@planted/contracts';
import { route } from '../routes/route-kit';

export const USERS_ROUTES = [
  route(IdentityUsersList, {
    method: 'GET',
    path: '/api/users',
    operationId: 'listUsers',
    summary: "The users of the signed-in user's company",
    tag: 'users',
    access: 'signed-in',
  }),
  route(IdentityLanguageSet, {
    method: 'PUT',
    path: '/api/users/language',
    operationId: 'setLanguage',
    summary: 'Sets the language preference (en or es)',
    tag: 'users',
    access: 'signed-in',
    answer: {
      schema: z.object({ user: userSchema, language_preference: languageSchema.nullable() }),
      from: ({ user }) => ({ user, language_preference: user.language_preference }),
    },
  }),
  route(IdentityUserRoleSet, {
    method: 'PUT',
    path: '/api/users/{id}/role',
    operationId: 'setUserRole',
    summary:
      "Changes a user's role (admin, user or viewer); that user's sessions end. The last administrator cannot step down (admins only)",
    tag: 'users',
    access: 'admin',
    forbidden: MESSAGES.ONLY_ADMINS_MANAGE_USERS,
    params: ['id'],
  }),
  route(IdentityUserRemove, {
    method: 'DELETE',
    path: '/api/users/{id}',
    operationId: 'removeUser',
    summary:
      'Removes a user from the company: the account is deactivated and its sessions end. The last administrator cannot be removed (admins only)',
    tag: 'users',
    access: 'admin',
    forbidden: MESSAGES.ONLY_ADMINS_MANAGE_USERS,
    params: ['id'],
  }),
];
