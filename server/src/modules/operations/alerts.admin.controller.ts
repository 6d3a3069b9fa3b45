import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../../common/auth/auth.decorators.js';
import { Role } from '../users/entities/user.entity.js';
import { AdminAlertsService } from './admin-alerts.service.js';

/** The alerts still open, for the console's overview. */
@ApiTags('Admin: operations')
@Authenticated(Role.Admin)
@Controller('admin/alerts')
export class AlertsAdminController {
  constructor(private readonly alerts: AdminAlertsService) {}

  @Get()
  async open() {
    const alerts = await this.alerts.openAlerts();
    return {
      alerts: alerts.map((alert) => ({
        key: alert.key,
        kind: alert.kind,
        message: alert.message,
        openedAt: new Date(alert.opened_at).toISOString(),
      })),
    };
  }
}
