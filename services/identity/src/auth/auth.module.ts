import { Module } from '@nestjs/common';
import { CONFIG } from '@planted/service-kit';
import type { IdentityConfig } from '../config';
import { CustomersModule } from '../customers/customers.module';
import { KeysModule } from '../keys/keys.module';
import { UsersModule } from '../users/users.module';
import { InvitationsRepository } from '../invitations/invitations.repository';
import { AuthHandlers } from './auth.handlers';
import { AuthService } from './auth.service';
import { PasswordResetService } from './password-reset.service';
import { MailModule } from '../mail/mail.module';
import { PasswordHasher } from './password-hasher';

@Module({
  imports: [UsersModule, CustomersModule, KeysModule, MailModule],
  controllers: [AuthHandlers],
  providers: [
    AuthService,
    PasswordResetService,
    InvitationsRepository,
    {
      provide: PasswordHasher,
      inject: [CONFIG],
      useFactory: async (config: IdentityConfig) => {
        const hasher = new PasswordHasher({
          memoryCost: config.ARGON2_MEMORY_KIB,
          timeCost: config.ARGON2_TIME_COST,
          parallelism: config.ARGON2_PARALLELISM,
        });
        await hasher.prepare();
        return hasher;
      },
    },
  ],
  exports: [PasswordHasher],
})
export class AuthModule {}
