import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Session } from '@planted/contracts';
import { toCustomer } from '../customers/customer.mapper';
import type { CustomerRow, UserRow } from '../db/schema';
import { toTokenClaims, toUser } from '../users/user.mapper';
import { TokenSigner } from './token-signer';

/** The answer of every successful sign-in: a signed token with the user and their company. */
@Injectable()
export class SessionIssuer {
  constructor(private readonly signer: TokenSigner) {}

  /**
   * A new session; or, given `same` (the session's id and its token's expiry), a token for that
   * session with the user's claims as they are now, ending when the session's token does.
   */
  async issue(
    user: UserRow,
    customer: CustomerRow,
    same?: { sessionId: string; expiresAt: number },
  ): Promise<Session> {
    const notBefore = user.sessionsValidAfter ? Math.ceil(user.sessionsValidAfter.getTime() / 1000) : 0;
    const session = { sessionId: same?.sessionId ?? randomUUID(), notBefore, expiresAt: same?.expiresAt };
    return {
      token: await this.signer.sign(toTokenClaims(user), session),
      user: toUser(user),
      customer: toCustomer(customer),
    };
  }
}
