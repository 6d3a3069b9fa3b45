import { Module } from '@nestjs/common';
import { GstReportController } from './gst-report.controller.js';
import { InvoicesController } from './invoices.controller.js';
import { InvoicesService } from './invoices.service.js';
import { TaxDocumentNumbering } from './tax-document-numbering.js';
import { TaxDocumentsRepository } from './tax-documents.repository.js';

/** GST tax invoices and credit notes of orders, their PDFs and the monthly GST report. */
@Module({
  controllers: [InvoicesController, GstReportController],
  providers: [TaxDocumentsRepository, TaxDocumentNumbering, InvoicesService],
  exports: [InvoicesService],
})
export class InvoicesModule {}
