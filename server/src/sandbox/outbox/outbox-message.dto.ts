import { ApiProperty } from '@nestjs/swagger';
import type { OutboxMessage } from './outbox.repository.js';

export class OutboxMessageDto implements OutboxMessage {
  @ApiProperty({ enum: ['sms', 'email', 'callback'] }) channel: 'sms' | 'email' | 'callback';
  @ApiProperty({ description: 'The mobile number, e-mail address or callback inbox' }) to: string;
  @ApiProperty({ nullable: true, type: String }) subject: string | null;
  @ApiProperty({ description: 'The message, with any code or link in it' }) text: string;
  @ApiProperty() createdAt: string;
}
