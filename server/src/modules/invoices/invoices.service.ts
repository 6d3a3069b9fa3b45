import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { financialYear } from './financial-year.js';
import { TaxDocumentsRepository } from './tax-documents.repository.js';

/**
 * GST tax invoices and credit notes, issued inside the caller's transaction (the one that marks
 * an order paid, or refunds it): one statement each, so the number is used if and only if that
 * transaction commits.
 */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly documents: TaxDocumentsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The paid order's invoice; throws (rolling the payment back) if it cannot be written. */
  async issueInvoice(orderid: string, paidAt: Date): Promise<string> {
    const number = await this.documents.issueInvoice(
      this.config.gst,
      financialYear(paidAt),
      orderid,
      paidAt,
    );
    if (!number) throw new Error(`no invoice could be written for order ${orderid}`);
    return number;
  }

  /**
   * The refunded order's credit note; none for an order paid before invoices existed (it has
   * no invoice to credit).
   */
  issueCreditNote(orderid: string, refundedAt: Date): Promise<string | undefined> {
    return this.documents.issueCreditNote(
      this.config.gst.creditNotePrefix,
      financialYear(refundedAt),
      orderid,
      refundedAt,
    );
  }
}
