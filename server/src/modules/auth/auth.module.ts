import { WhatsAppModule } from '../whatsapp/whatsapp.module.js';
import { ReferralsModule } from '../referrals/referrals.module.js';
import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthMaintenanceService } from './auth-maintenance.service.js';
import { AuthGuard } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import { EmailTokenRepository } from './email-token.repository.js';
import { EmailVerificationService } from './email-verification.service.js';
import { GoogleLoginService } from './google-login.service.js';
import { LoginThrottle } from './login-throttle.js';
import { OtpLoginService } from './otp-login.service.js';
import { OtpController } from './otp.controller.js';
import { OtpService } from './otp.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { PasswordController } from './password.controller.js';
import { PasswordService } from './password.service.js';
import { PendingRegistrationsRepository } from './pending-registrations.repository.js';
import { TokenService } from './token.service.js';

@Module({
  imports: [UsersModule, NotificationsModule, ReferralsModule, WhatsAppModule],
  controllers: [AuthController, PasswordController, OtpController],
  providers: [
    { provide: APP_GUARD, useClass: AuthGuard },
    AuthMaintenanceService,
    AuthService,
    EmailTokenRepository,
    EmailVerificationService,
    GoogleLoginService,
    LoginThrottle,
    OtpLoginService,
    OtpService,
    PasswordResetService,
    PasswordService,
    PendingRegistrationsRepository,
    TokenService,
  ],
  exports: [PasswordService, TokenService],
})
export class AuthModule {}
