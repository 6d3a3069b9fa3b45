import { Controller, Get, Header, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiPropertyOptional, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { Authenticated } from '../../common/auth/auth.decorators.js';
import { ApiAdminOperation, ApiErrors } from '../../common/openapi/api-docs.decorators.js';
import { Role } from '../../common/auth/role.js';
import { istMonthRange } from './financial-year.js';
import { gstReport, gstReportCsv } from './gst-report.js';
import { TaxDocumentsRepository } from './tax-documents.repository.js';

export class GstReportQueryDto {
  @ApiProperty({ example: '2026-11', description: 'The calendar month, India time' })
  @Matches(/^20\d{2}-(0[1-9]|1[0-2])$/, { message: 'month must be YYYY-MM' })
  month: string;

  @ApiPropertyOptional({ enum: ['json', 'csv'] })
  @IsOptional()
  @IsIn(['json', 'csv'])
  format?: 'json' | 'csv';
}

/** The monthly GST summary a GSTR-1 filing needs (B2C by state and rate, SAC summary). */
@ApiTags('Admin: GST')
@Authenticated(Role.Admin)
@Controller('admin')
export class GstReportController {
  constructor(private readonly documents: TaxDocumentsRepository) {}

  @Get('gst-report')
  @ApiAdminOperation(
    'Monthly GST report',
    'Invoices and credit notes issued in the month (India time), summed by supply type (B2B: the buyer gave a GSTIN), place of supply, rate and SAC; amounts in paise. `format=csv` answers the same lines as CSV in rupees.',
  )
  @ApiOkResponse({
    description: 'The report (JSON), or its CSV with `format=csv`',
    content: {
      'application/json': { schema: { type: 'object' } },
      'text/csv': { schema: { type: 'string' } },
    },
  })
  @ApiErrors(400, 401, 403)
  @Header('cache-control', 'no-store')
  async report(@Query() query: GstReportQueryDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const { from, to } = istMonthRange(query.month);
    const report = gstReport(query.month, await this.documents.report(from, to));
    if (query.format !== 'csv') return report;
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="gst-report-${query.month}.csv"`);
    return gstReportCsv(report);
  }
}
