import { Module, type DynamicModule } from '@nestjs/common';
import { AuthModule } from './auth/auth.module';
import { CoreModule, type CoreDependencies } from './core/core.module';
import { CustomersModule } from './customers/customers.module';
import { InvitationsModule } from './invitations/invitations.module';
import { KeysModule } from './keys/keys.module';
import { MailModule } from './mail/mail.module';
import { OAuthModule } from './oauth/oauth.module';
import { UsersModule } from './users/users.module';

@Module({})
export class IdentityModule {
  static register(deps: CoreDependencies): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        CoreModule.register(deps),
        KeysModule,
        UsersModule,
        CustomersModule,
        AuthModule,
        OAuthModule,
        MailModule,
        InvitationsModule,
      ],
    };
  }
}
