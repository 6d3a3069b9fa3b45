import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Authenticated, CurrentUser, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ApiErrors } from '../../common/openapi/api-docs.decorators.js';
import { Role } from '../../common/auth/role.js';
import type { TaxDocumentKind } from './tax-document.entity.js';
import { InvoicesService } from './invoices.service.js';

const PDF = { 'application/pdf': { schema: { type: 'string', format: 'binary' } } };

/** The tax invoice and credit note of an order, as PDF, for its buyer or an admin. */
@ApiTags('Orders')
@Controller('order')
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  @Get(':orderid/invoice')
  @ApiOperation({
    summary: "The order's GST tax invoice (PDF)",
    description: 'Every paid order has one. 404 for anyone but the buyer and an admin.',
  })
  @ApiOkResponse({ description: 'The invoice as a PDF file', content: PDF })
  @ApiErrors(401, 404)
  @Authenticated()
  @Header('cache-control', 'private, no-store')
  invoice(
    @CurrentUser() auth: AuthUser,
    @Param('orderid') orderid: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(auth, orderid, 'invoice', reply);
  }

  @Get(':orderid/credit-note')
  @ApiOperation({
    summary: 'The credit note of a refunded order (PDF)',
    description: 'Issued when an order is refunded. 404 for anyone but the buyer and an admin.',
  })
  @ApiOkResponse({ description: 'The credit note as a PDF file', content: PDF })
  @ApiErrors(401, 404)
  @Authenticated()
  @Header('cache-control', 'private, no-store')
  creditNote(
    @CurrentUser() auth: AuthUser,
    @Param('orderid') orderid: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(auth, orderid, 'credit_note', reply);
  }

  private async send(
    auth: AuthUser,
    orderid: string,
    kind: TaxDocumentKind,
    reply: FastifyReply,
  ): Promise<Buffer> {
    const { pdf, name } = await this.invoices.pdf(
      orderid,
      kind,
      (buyerId) => buyerId === auth.id || auth.role === Role.Admin,
    );
    void reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${name}"`);
    return pdf;
  }
}
