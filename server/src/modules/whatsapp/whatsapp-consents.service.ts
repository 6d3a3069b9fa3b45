import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Inject, Injectable } from '@nestjs/common';
import {
  WHATSAPP_CONSENT_TEXT,
  type WhatsAppConsentChannel,
} from '@zstore/contract/whatsapp-consent';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { templateLanguage } from '../../providers/whatsapp/whatsapp-templates.js';
import { UsersService } from '../users/users.service.js';
import type { Language } from '../../common/i18n/language.js';
import { WhatsAppConsentEntity } from './whatsapp-consent.entity.js';
import { whatsAppNoMobile, whatsAppUnavailable } from './whatsapp-errors.js';

export interface WhatsAppChoice {
  /** Whether order news may go to the customer on WhatsApp now. */
  optedIn: boolean;
  mobilenumber: string | null;
  /** The customer's language (`users.language`): the one of every template sent to them. */
  language: Language;
  /** The latest choice; null when the customer never chose. */
  channel: WhatsAppConsentChannel | null;
  changedAt: Date | null;
}

/** Replies that stop every message (WhatsApp's opt-out keywords, as customers type them). */
const STOP_WORDS = new Set(['STOP', 'UNSUBSCRIBE', 'STOP ALL', 'OPT OUT', 'OPTOUT', 'CANCEL']);

export const isStopReply = (text: string) =>
  STOP_WORDS.has(
    text
      .trim()
      .replace(/[.!]+$/, '')
      .toUpperCase(),
  );

/**
 * Opt-in and opt-out, each written as it was made (who, when, the number, the exact text, where).
 * A customer is opted in when their newest choice is an opt-in for their current number.
 */
@Injectable()
export class WhatsAppConsents {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get consents() {
    return this.txHost.tx.getRepository(WhatsAppConsentEntity);
  }

  get enabled() {
    return this.config.whatsapp.enabled;
  }

  private latest(userId: string) {
    return this.consents.findOne({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  async choiceOf(userId: string): Promise<WhatsAppChoice> {
    const [user, latest] = await Promise.all([this.users.getById(userId), this.latest(userId)]);
    const mobilenumber = user?.mobilenumber ?? null;
    return {
      optedIn:
        this.enabled &&
        latest?.action === 'opt_in' &&
        mobilenumber !== null &&
        latest.mobilenumber === mobilenumber,
      mobilenumber,
      language: user?.language ?? 'en',
      channel: latest?.channel ?? null,
      changedAt: latest?.createdAt ?? null,
    };
  }

  /** Records the customer's agreement to WHATSAPP_CONSENT_TEXT for their current number. */
  async optIn(userId: string, channel: WhatsAppConsentChannel, language = 'en') {
    if (!this.enabled) throw whatsAppUnavailable();
    const user = await this.users.getById(userId);
    if (!user?.mobilenumber) throw whatsAppNoMobile();
    await this.consents.insert({
      userId,
      mobilenumber: user.mobilenumber,
      action: 'opt_in',
      text: WHATSAPP_CONSENT_TEXT,
      channel,
      language: templateLanguage(language),
    });
    return this.choiceOf(userId);
  }

  /** Records an opt-out; `text` is what the customer did (the reply, or the profile switch). */
  async optOut(userId: string, channel: WhatsAppConsentChannel, text: string) {
    const [user, latest] = await Promise.all([this.users.getById(userId), this.latest(userId)]);
    const mobilenumber = user?.mobilenumber ?? latest?.mobilenumber;
    if (mobilenumber && latest?.action === 'opt_in') {
      await this.consents.insert({
        userId,
        mobilenumber,
        action: 'opt_out',
        text: text.slice(0, 1000),
        channel,
        language: latest.language,
      });
    }
    return this.choiceOf(userId);
  }

  /** A reply on WhatsApp from `waId` (`91` and the mobile): STOP opts its account out. */
  async replied(waId: string, text: string): Promise<boolean> {
    if (!isStopReply(text)) return false;
    const mobile = /^91([6-9]\d{9})$/.exec(waId)?.[1];
    const user = mobile ? await this.users.getByMobile(mobile) : null;
    if (!user) return false;
    await this.optOut(user.id, 'whatsapp', text);
    return true;
  }
}
