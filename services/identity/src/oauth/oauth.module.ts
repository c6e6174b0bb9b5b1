import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module';
import { KeysModule } from '../keys/keys.module';
import { UsersModule } from '../users/users.module';
import { OAuthHandlers } from './oauth.handlers';
import { OAuthService } from './oauth.service';

/** Google, Microsoft and Apple sign-in: linking provider accounts to users, and signup without a password. */
@Module({
  imports: [UsersModule, CustomersModule, KeysModule],
  controllers: [OAuthHandlers],
  providers: [OAuthService],
})
export class OAuthModule {}
