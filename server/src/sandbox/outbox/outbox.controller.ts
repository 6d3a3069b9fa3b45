import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/auth.decorators.js';
import { OutboxMessageDto } from './outbox-message.dto.js';
import { OutboxRepository } from './outbox.repository.js';
import { renderOutboxPage } from './outbox.page.js';

/** `GET /api/sandbox/outbox?to=...`: the SMS and e-mails sent to an address, newest first. */
@ApiTags('Sandbox')
@Controller('sandbox')
export class OutboxApiController {
  constructor(private readonly outbox: OutboxRepository) {}

  @Get('outbox')
  @Public()
  @ApiOperation({
    summary: 'Messages the simulators sent to an address',
    description:
      'Sandbox mode only. SMS and e-mails to `to` (a mobile number or e-mail), newest first.',
  })
  @ApiOkResponse({ type: [OutboxMessageDto] })
  list(@Query('to') to = '') {
    return to ? this.outbox.listFor(to) : [];
  }
}

/** `/sandbox/outbox`: the same list for a person. */
@ApiTags('Sandbox')
@Controller('sandbox')
export class OutboxPageController {
  constructor(private readonly outbox: OutboxRepository) {}

  @Get('outbox')
  @Public()
  @Header('content-type', 'text/html; charset=utf-8')
  @ApiOperation({ summary: 'The outbox as a page for people', description: 'Sandbox mode only.' })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'An HTML page', schema: { type: 'string' } })
  async page(@Query('to') to = '') {
    return renderOutboxPage(to, to ? await this.outbox.listFor(to) : []);
  }
}
