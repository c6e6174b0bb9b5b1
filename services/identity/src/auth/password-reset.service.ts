import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { MESSAGES } from '@planted/contracts';
import type { Logger } from '@planted/logging';
import { CONFIG, DATABASE, LOGGER, OutboxService } from '@planted/service-kit';
import type { IdentityConfig } from '../config';
import type { IdentityDatabase, IdentityTx } from '../db/database';
import { passwordResets } from '../db/schema';
import { hashInvitationToken, newInvitationToken } from '../invitations/invitation-token';
import { MailService } from '../mail/mail.service';
import { resetPasswordUrl } from '../mail/password-reset-email';
import { SessionRevoker } from '../sessions/session-revoker';
import { UsersRepository } from '../users/users.repository';
import { resetTokenInvalid } from './auth.errors';
import { PasswordHasher } from './password-hasher';

/** A reset link works for one hour, once. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** Password reset by email: a single-use link, stored only as its sha-256, valid for one hour. */
@Injectable()
export class PasswordResetService {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly revoker: SessionRevoker,
    private readonly mail: MailService,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * The same answer whether or not the address has an account, and about the same time:
   * the email goes out after the answer, so SMTP's delay tells nothing either.
   */
  async requestReset(email: string): Promise<{ message: string }> {
    const token = newInvitationToken();
    const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MS);
    const user = await this.database.withSystem(async (tx) => {
      const found = await this.users.findByEmail(tx, email);
      if (!found?.isActive) return undefined;
      await tx.insert(passwordResets).values({
        customerId: found.customerId,
        userId: found.id,
        tokenHash: hashInvitationToken(token),
        expiresAt,
      });
      return found;
    });
    if (user) {
      this.mail
        .sendPasswordReset({
          to: user.email,
          name: user.name,
          resetUrl: resetPasswordUrl(this.config.APP_URL, token),
          expiresAt,
        })
        .catch((err: unknown) =>
          this.logger.error({ err, userId: user.id }, 'could not send the password reset email'),
        );
    }
    return { message: MESSAGES.RESET_EMAIL_SENT };
  }

  /**
   * Voids the user's unused reset links: after an email change they went to an address
   * that is no longer the account's, and a reset also confirms the address; after a password
   * change or a reset, a link sent before it must not set another password.
   */
  async voidLinks(tx: IdentityTx, customerId: string, userId: string): Promise<void> {
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.customerId, customerId),
          eq(passwordResets.userId, userId),
          isNull(passwordResets.usedAt),
        ),
      );
  }

  /** Sets the password, uses the token and the user's other links up, and ends every session of the user. */
  async reset(token: string, password: string): Promise<{ message: string }> {
    const passwordHash = await this.hasher.hash(password);
    const userId = await this.database.withSystem(async (tx) => {
      // Marking it used first makes two concurrent resets with one token succeed once.
      const [reset] = await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordResets.tokenHash, hashInvitationToken(token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!reset) throw resetTokenInvalid();
      // The link went to the user's address (an email change voids the links sent before it).
      const user = await this.users.update(tx, reset.customerId, reset.userId, {
        passwordHash,
        emailVerifiedAt: new Date(),
      });
      if (!user?.isActive) throw resetTokenInvalid();
      // The user's other links (an earlier request) open nothing after this one (AP-2).
      await this.voidLinks(tx, reset.customerId, reset.userId);
      await this.revoker.endAllSessions(tx, user);
      return user.id;
    });
    this.outbox.committed();
    this.logger.info({ userId }, 'password reset; every session ended');
    return { message: MESSAGES.PASSWORD_RESET };
  }
}
