import { Body, Controller, Headers, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/auth.decorators.js';
import { OutboxRepository } from '../outbox/outbox.repository.js';

const INBOX = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A reseller's callback receiver for a developer's machine: set a key's callback URL to
 * `http://127.0.0.1:<port>/sandbox/reseller-callbacks/<inbox>` and the events it receives show
 * in the outbox (`/sandbox/outbox?to=<inbox>`), headers and body. An inbox whose name starts
 * with `fail` answers 500, to watch the retries.
 */
@ApiExcludeController()
@Controller('sandbox/reseller-callbacks')
export class CallbackReceiverSimulator {
  constructor(private readonly outbox: OutboxRepository) {}

  @Post(':inbox')
  @Public()
  @HttpCode(200)
  async receive(
    @Param('inbox') inbox: string,
    @Headers('x-signature') signature: string | undefined,
    @Headers('x-event-id') eventId: string | undefined,
    @Body() body: unknown,
    @Res() reply: FastifyReply,
  ) {
    if (!INBOX.test(inbox)) return reply.status(404).send({ received: false });
    const event = (body ?? {}) as { type?: string };
    const failing = inbox.toLowerCase().startsWith('fail');
    await this.outbox.add(
      'callback',
      inbox,
      `${event.type ?? 'event'} ${eventId ?? ''}${failing ? ' (answered 500)' : ''}`.trim(),
      `X-Event-Id: ${eventId ?? '(none)'}\nX-Signature: ${signature ?? '(none)'}\n\n${JSON.stringify(body, null, 2)}`,
    );
    return reply.status(failing ? 500 : 200).send({ received: !failing });
  }
}
