import { ServiceError, type OAuthProvider } from '@planted/contracts';

/** The provider account already belongs to another user (complete-signup raced a link, or was replayed). */
export const providerAlreadyLinked = () =>
  new ServiceError('CONFLICT', 'This sign-in is already linked to another account');

/** Names of the unique constraints on the provider id columns (src/db/schema.ts). */
export const PROVIDER_ID_UNIQUE: Record<OAuthProvider, string> = {
  google: 'users_google_id_unique',
  microsoft: 'users_microsoft_id_unique',
  apple: 'users_apple_id_unique',
};
