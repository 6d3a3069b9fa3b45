import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../../common/auth/auth.decorators.js';
import { ApiAdminOperation } from '../../common/openapi/api-docs.decorators.js';
import { Role } from '../../common/auth/role.js';
import { AdminAlertsService } from './admin-alerts.service.js';

class OpenAlertDto {
  @ApiProperty({ description: 'The condition and its subject, e.g. supplier-balance:smileone' })
  key: string;
  @ApiProperty() kind: string;
  @ApiProperty() message: string;
  @ApiProperty({ format: 'date-time' }) openedAt: string;
}

class OpenAlertsDto {
  @ApiProperty({ type: [OpenAlertDto] }) alerts: OpenAlertDto[];
}

/** The alerts still open, for the console's overview. */
@ApiTags('Admin: operations')
@Authenticated(Role.Admin)
@Controller('admin/alerts')
export class AlertsAdminController {
  constructor(private readonly alerts: AdminAlertsService) {}

  @Get()
  @ApiAdminOperation('Alerts still open')
  @ApiOkResponse({ type: OpenAlertsDto })
  async open(): Promise<OpenAlertsDto> {
    const alerts = await this.alerts.openAlerts();
    return {
      alerts: alerts.map((alert) => ({
        key: alert.key,
        kind: alert.kind,
        message: alert.message,
        openedAt: alert.openedAt.toISOString(),
      })),
    };
  }
}
