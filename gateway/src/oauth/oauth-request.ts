import type { OAuthProvider } from '@planted/contracts';

/** Why the browser went to the provider: the web's login or signup screen (spec §7 `state=login|signup`). */
export type SignInIntent = 'login' | 'signup';

/** What a started sign-in leaves behind until the provider sends the browser back. */
export interface AuthorizationState {
  intent: SignInIntent;
  /** Sent to the provider, and required back inside the id_token (replay protection). */
  nonce: string;
  /** sha-256 of the browser-binding cookie set when the sign-in started (see browser-binding.ts). */
  browserHash: string;
}

/** The state store's record: the above plus the PKCE verifier of the code challenge that was sent. */
export interface StoredAuthorization extends AuthorizationState {
  codeVerifier: string;
}

/**
 * The request as passport strategies see it: the Connect-style fields passport-oauth2
 * reads (query and body), plus the authorization the state store found for it, which
 * the strategy needs to check the id_token's nonce.
 */
export interface OAuthRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  authorization?: StoredAuthorization;
}

/** A sign-in the provider vouched for, with the id_token verified. */
export interface ProviderProfile {
  provider: OAuthProvider;
  /** The id_token's sub. */
  providerId: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string;
}
