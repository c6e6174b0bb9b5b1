import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from '@planted/logging';
import { CONFIG, LOGGER } from '@planted/service-kit';
import type { IdentityConfig } from '../config';
import { emailChangedEmail, type EmailChangedEmailInput } from './email-changed-email';
import { invitationEmail, type InvitationEmailInput } from './invitation-email';
import { passwordResetEmail, type PasswordResetEmailInput } from './password-reset-email';

export interface PasswordResetMail extends PasswordResetEmailInput {
  to: string;
}

export interface InvitationMail extends InvitationEmailInput {
  to: string;
}

export interface EmailChangedMail extends EmailChangedEmailInput {
  /** The address the account used before the change. */
  to: string;
}

/**
 * Sends email over SMTP (SMTP_URL). Without SMTP_URL (development) nothing is sent and
 * the accept link is written to the log, once, at info level.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly transport: Transporter | undefined;

  constructor(
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.transport = config.SMTP_URL
      ? createTransport({
          url: config.SMTP_URL,
          connectionTimeout: 5000,
          greetingTimeout: 5000,
          socketTimeout: 10_000,
        })
      : undefined;
  }

  async sendInvitation(mail: InvitationMail): Promise<void> {
    if (!this.transport) {
      this.logger.info(
        { to: mail.to },
        `SMTP_URL is not set, so no invitation email was sent. Accept link: ${mail.acceptUrl}`,
      );
      return;
    }
    const content = invitationEmail(mail);
    await this.transport.sendMail({ from: this.config.SMTP_FROM, to: mail.to, ...content });
  }

  async sendPasswordReset(mail: PasswordResetMail): Promise<void> {
    if (!this.transport) {
      this.logger.info(
        { to: mail.to },
        `SMTP_URL is not set, so no password reset email was sent. Reset link: ${mail.resetUrl}`,
      );
      return;
    }
    const content = passwordResetEmail(mail);
    await this.transport.sendMail({ from: this.config.SMTP_FROM, to: mail.to, ...content });
  }

  async sendEmailChanged(mail: EmailChangedMail): Promise<void> {
    if (!this.transport) {
      this.logger.info({ to: mail.to }, 'SMTP_URL is not set, so no email-change notice was sent');
      return;
    }
    const content = emailChangedEmail(mail);
    await this.transport.sendMail({ from: this.config.SMTP_FROM, to: mail.to, ...content });
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
