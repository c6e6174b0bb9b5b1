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

  /** A new session; or, given `sessionId`, a token for that session with the user's claims as they are now. */
  async issue(user: UserRow, customer: CustomerRow, sessionId: string = randomUUID()): Promise<Session> {
    const notBefore = user.sessionsValidAfter ? Math.ceil(user.sessionsValidAfter.getTime() / 1000) : 0;
    return {
      token: await this.signer.sign(toTokenClaims(user), { sessionId, notBefore }),
      user: toUser(user),
      customer: toCustomer(customer),
    };
  }
}
