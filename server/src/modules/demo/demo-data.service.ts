import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { withLease } from '../../database/lease.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { PasswordService } from '../auth/password.service.js';
import { Role } from '../../common/auth/role.js';
import { UsersService } from '../users/users.service.js';
import { DemoCatalogService } from './demo-catalog.service.js';

export const DEMO_ACCOUNTS = {
  user: {
    name: 'Demo User',
    email: 'user@example.com',
    password: 'User@12345',
    mobile: '9000000001',
  },
  reseller: {
    name: 'Demo Reseller',
    email: 'reseller@example.com',
    password: 'Reseller@12345',
    mobile: '9000000002',
  },
};

/** Fills an empty database: the admin always, the demo accounts outside production. */
@Injectable()
export class DemoDataService {
  private readonly logger = new Logger('Seed');

  constructor(
    private readonly db: DataSource,
    private readonly users: UsersService,
    private readonly passwords: PasswordService,
    private readonly demoCatalog: DemoCatalogService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async seedIfEmpty() {
    return withLease(this.db, 'seed', async () => {
      if (await this.users.hasAny()) return false;
      await this.users.create({
        name: 'Store Admin',
        email: this.config.admin.email,
        mobilenumber: null,
        passwordHash: await this.passwords.hash(this.config.admin.password),
        role: Role.Admin,
        verified: true,
      });
      if (this.config.env !== 'production') {
        const created = new Map<string, { id: string; userid: number; email: string }>();
        for (const [kind, account] of Object.entries(DEMO_ACCOUNTS)) {
          const user = await this.users.create({
            name: account.name,
            email: account.email,
            mobilenumber: account.mobile,
            passwordHash: await this.passwords.hash(account.password),
            role: kind === 'reseller' ? Role.Reseller : Role.User,
            verified: true,
          });
          created.set(kind, user);
        }
        await this.demoCatalog.seed(created.get('user'));
      }
      this.logger.log(`Seeded an empty database; admin ${this.config.admin.email}`);
      return true;
    });
  }
}
