import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/auth.decorators.js';
import { OutboxRepository } from './outbox.repository.js';
import { renderOutboxPage } from './outbox.page.js';

/** `GET /api/sandbox/outbox?to=...`: the SMS and e-mails sent to an address, newest first. */
@ApiTags('Sandbox')
@Controller('sandbox')
export class OutboxApiController {
  constructor(private readonly outbox: OutboxRepository) {}

  @Get('outbox')
  @Public()
  list(@Query('to') to = '') {
    return to ? this.outbox.listFor(to) : [];
  }
}

/** `/sandbox/outbox`: the same list for a person. */
@Controller('sandbox')
export class OutboxPageController {
  constructor(private readonly outbox: OutboxRepository) {}

  @Get('outbox')
  @Public()
  @Header('content-type', 'text/html; charset=utf-8')
  async page(@Query('to') to = '') {
    return renderOutboxPage(to, to ? await this.outbox.listFor(to) : []);
  }
}
