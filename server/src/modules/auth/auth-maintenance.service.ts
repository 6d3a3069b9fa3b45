import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobName, JobStatus, QueueName } from '../../jobs/job.enum.js';
import { OnJob } from '../../jobs/on-job.decorator.js';
import { EmailTokenEntity } from './email-token.entity.js';
import { OtpCodeEntity } from './otp-code.entity.js';
import { PendingRegistrationEntity } from './pending-registration.entity.js';

/** Drops what can no longer be used: old codes, abandoned registrations, spent links. */
@Injectable()
export class AuthMaintenanceService {
  constructor(private readonly db: DataSource) {}

  @OnJob({ name: JobName.AuthPurgeExpired, queue: QueueName.Maintenance })
  async handlePurgeExpired(): Promise<JobStatus> {
    await this.purge(OtpCodeEntity, `expires_at < now() - interval '1 day'`);
    await this.purge(PendingRegistrationEntity, `created_at < now() - interval '1 day'`);
    await this.purge(EmailTokenEntity, `expires_at < now() - interval '7 days'`);
    return JobStatus.Success;
  }

  /** Deletes the rows matching `condition`, judged by the database's clock. */
  private async purge(entity: new () => object, condition: string) {
    await this.db.createQueryBuilder().delete().from(entity).where(condition).execute();
  }
}
