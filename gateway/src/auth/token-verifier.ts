import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import {
  IdentityJwks,
  ServiceError,
  tokenClaimsSchema,
  type Actor,
  type TypedClient,
} from '@planted/contracts';

const ISSUER = 'planted-identity';
const AUDIENCE = 'planted';
const REFRESH_COOLDOWN_MS = 30_000;

/**
 * Verifies session tokens with identity's public keys. The key set is fetched over NATS
 * once, and again when a token names a key we don't know (rotation), at most every 30 s.
 */
export class TokenVerifier {
  private keySet?: ReturnType<typeof createLocalJWKSet>;
  private loading?: Promise<void>;
  private lastRefresh = 0;

  constructor(private readonly bus: TypedClient) {}

  private async refresh(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const { keys } = await this.bus.send(IdentityJwks, {});
        this.keySet = createLocalJWKSet({ keys } as unknown as JSONWebKeySet);
        this.lastRefresh = Date.now();
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  async verify(token: string): Promise<Actor> {
    if (!this.keySet) await this.refresh();
    try {
      return await this.verifyWithKeys(token);
    } catch (err) {
      if (
        err instanceof joseErrors.JWKSNoMatchingKey &&
        Date.now() - this.lastRefresh > REFRESH_COOLDOWN_MS
      ) {
        await this.refresh();
        return this.verifyWithKeys(token);
      }
      throw err;
    }
  }

  private async verifyWithKeys(token: string): Promise<Actor> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.keySet!, { issuer: ISSUER, audience: AUDIENCE }));
    } catch (err) {
      if (err instanceof joseErrors.JWKSNoMatchingKey) throw err;
      throw new ServiceError(
        'UNAUTHENTICATED',
        err instanceof joseErrors.JWTExpired ? 'Session expired' : 'Invalid token',
      );
    }
    const claims = tokenClaimsSchema.safeParse(payload);
    if (!claims.success) throw new ServiceError('UNAUTHENTICATED', 'Invalid token');
    const c = claims.data;
    return { userId: c.userId, customerId: c.customer_id, role: c.role, email: c.email, name: c.name };
  }
}
