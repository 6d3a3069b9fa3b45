import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobName, JobStatus, QueueName } from '../../jobs/job.enum.js';
import { OnJob } from '../../jobs/on-job.decorator.js';

/** Drops what can no longer be used: old codes, abandoned registrations, spent links. */
@Injectable()
export class AuthMaintenanceService {
  constructor(private readonly db: DataSource) {}

  @OnJob({ name: JobName.AuthPurgeExpired, queue: QueueName.Maintenance })
  async handlePurgeExpired(): Promise<JobStatus> {
    await this.db.query(`DELETE FROM otp_codes WHERE expires_at < now() - interval '1 day'`);
    await this.db.query(
      `DELETE FROM pending_registrations WHERE created_at < now() - interval '1 day'`,
    );
    await this.db.query(`DELETE FROM email_tokens WHERE expires_at < now() - interval '7 days'`);
    return JobStatus.Success;
  }
}
