import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { WhatsAppConsentChannel } from '@zstore/contract/whatsapp-consent';

export type WhatsAppConsentAction = 'opt_in' | 'opt_out';

/**
 * Every time a customer turned WhatsApp messages on or off: who, when, the number, the exact
 * text they agreed to (or the reply that stopped them) and where. Rows are only ever added; the
 * newest row of a customer is their current choice.
 */
@Entity('whatsapp_consents')
@Index('whatsapp_consents_user', ['userId', 'createdAt'])
@Check(
  'whatsapp_consents_action_check',
  `((action)::text = ANY ((ARRAY['opt_in'::character varying, 'opt_out'::character varying])::text[]))`,
)
@Check(
  'whatsapp_consents_channel_check',
  `((channel)::text = ANY ((ARRAY['checkout'::character varying, 'profile'::character varying, 'whatsapp'::character varying])::text[]))`,
)
export class WhatsAppConsentEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'bigint',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'whatsapp_consents_pkey',
  })
  /** bigint, read as text; orders a customer's rows when two share a timestamp. */
  id!: string;

  @Column({ type: 'uuid' })
  userId!: string;

  /** The mobile number the choice was made for (10 digits). */
  @Column({ type: 'varchar', length: 10 })
  mobilenumber!: string;

  @Column({ type: 'varchar', length: 8 })
  action!: WhatsAppConsentAction;

  /** The consent text shown (opt-in) or what the customer wrote or chose (opt-out). */
  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'varchar', length: 10 })
  channel!: WhatsAppConsentChannel;

  /** The customer's language for messages (a WhatsApp language code). */
  @Column({ type: 'varchar', length: 10, default: 'en' })
  language!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
