import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { Statement } from '../../database/statement.js';
import { Messages } from '@zstore/contract/messages';
import { AppError } from '../../common/errors/app-error.js';
import { financialYear } from './financial-year.js';
import { renderTaxDocument } from './invoice-pdf.js';
import type { TaxDocumentKind } from './tax-document.entity.js';
import { TaxDocumentNumbering } from './tax-document-numbering.js';
import { TaxDocumentsRepository } from './tax-documents.repository.js';
import { invoiceOf, type InvoicedOrder, type InvoiceParty } from './tax-invoice.js';

/**
 * GST tax invoices and credit notes, issued inside the caller's transaction (the one that marks
 * an order paid, or refunds it), one statement each, and numbered once it has committed
 * (`numberSoon`), so a number is only ever given to a document that exists.
 */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly documents: TaxDocumentsRepository,
    private readonly numbering: TaxDocumentNumbering,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The invoice of an order paid after it was written (a settled UPI payment), naming the buyer
   * as the account is now; throws (rolling the payment back) if it cannot be written.
   */
  async issueInvoice(order: InvoicedOrder, paidAt: Date): Promise<void> {
    const party = await this.documents.partyOf(order.userId, order.productId);
    await this.documents.insertInvoice(this.invoiceOf(order, paidAt, party));
  }

  /**
   * The insert of the invoice of an order paid as it is written (checkout), for the order's own
   * statement to carry: one round trip writes both.
   */
  invoiceInsert(order: InvoicedOrder, paidAt: Date, party: InvoiceParty): Statement {
    return this.documents.invoiceInsert(this.invoiceOf(order, paidAt, party));
  }

  private invoiceOf(order: InvoicedOrder, paidAt: Date, party: InvoiceParty | undefined) {
    const invoice =
      party && invoiceOf(this.config.gst, financialYear(paidAt), order, party, paidAt);
    if (!invoice) throw new Error(`no invoice could be written for order ${order.orderid}`);
    return invoice;
  }

  /**
   * The refunded order's credit note; none for an order paid before invoices existed (it has
   * no invoice to credit).
   */
  issueCreditNote(orderid: string, refundedAt: Date): Promise<boolean> {
    return this.documents.issueCreditNote(
      this.config.gst.creditNotePrefix,
      financialYear(refundedAt),
      orderid,
      refundedAt,
    );
  }

  /** After the transaction that issued documents has committed: numbers them, soon. */
  numberSoon() {
    this.numbering.numberSoon();
  }

  /** A guest's documents follow the guest's orders to the account that proved the guest's contacts. */
  moveOwner(fromUserId: string, toUserId: string) {
    return this.documents.moveOwner(fromUserId, toUserId);
  }

  /**
   * An order's invoice or credit note as a PDF and its file name, when `mayRead` allows its
   * buyer; 404 alike whether it does not exist or is someone else's.
   */
  async pdf(orderid: string, kind: TaxDocumentKind, mayRead: (buyerId: string) => boolean) {
    if (!/^[A-Z0-9]{1,16}$/.test(orderid)) throw AppError.notFound(Messages.notFound);
    let documents = await this.documents.forOrder(orderid);
    if (documents.some((found) => found.number === null)) {
      await this.numbering.numberNow();
      documents = await this.documents.forOrder(orderid);
    }
    const document = documents.find((found) => found.kind === kind);
    if (!document?.number || !mayRead(document.userId)) throw AppError.notFound(Messages.notFound);
    const invoice = documents.find((found) => found.kind === 'invoice');
    const pdf = await renderTaxDocument(document, kind === 'credit_note' ? invoice : undefined);
    const name = `${kind === 'invoice' ? 'invoice' : 'credit-note'}-${document.number.replaceAll('/', '-')}.pdf`;
    return { pdf, name };
  }
}
