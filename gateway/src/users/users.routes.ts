import { z } from 'zod';
import { IdentityLanguageSet, IdentityUsersList, languageSchema, userSchema } from '@planted/contracts';
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
];
