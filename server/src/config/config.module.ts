import { DynamicModule, Global, Module } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { ClockSkew } from '../common/clock-skew.js';
import { DatabaseClock } from '../common/database-clock.js';
import { RateLimitService } from '../common/http/rate-limit.service.js';
import { APP_CONFIG, type AppConfig } from './config.js';

/** The parsed configuration and the small services every module may use. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        Clock,
        ClockSkew,
        DatabaseClock,
        RateLimitService,
      ],
      exports: [APP_CONFIG, Clock, ClockSkew, DatabaseClock, RateLimitService],
    };
  }
}
