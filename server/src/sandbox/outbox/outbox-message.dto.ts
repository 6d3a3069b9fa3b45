import { ApiProperty } from '@nestjs/swagger';
import type { OutboxChannel, OutboxMessage } from './outbox.repository.js';

export class OutboxMessageDto implements OutboxMessage {
  @ApiProperty({ enum: ['sms', 'email', 'whatsapp', 'callback'] }) channel: OutboxChannel;
  @ApiProperty({ description: 'The mobile number, e-mail address or callback inbox' }) to: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description: "E-mail subject, or WhatsApp's template name",
  })
  subject: string | null;
  @ApiProperty({ description: 'The message, with any code or link in it' }) text: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description: "A WhatsApp template's language code (en, hi); null for other channels",
  })
  language: string | null;
  @ApiProperty() createdAt: string;
}
