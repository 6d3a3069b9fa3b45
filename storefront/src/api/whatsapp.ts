import { queryOptions } from '@tanstack/react-query';
import type { ApiAnswer } from '@zstore/contract/api';
import { answerOf, api } from './client';
import { queryKeys } from './queryKeys';

export type WhatsAppChoice = ApiAnswer<'/whatsapp/consent', 'get'>;

export const whatsAppChoiceQuery = (userid: number) =>
  queryOptions({
    queryKey: queryKeys.whatsApp(userid),
    queryFn: () => answerOf<WhatsAppChoice>(api.GET('/api/whatsapp/consent')),
  });

/** Opts in (agreeing to the consent text shown) or out; `where` is recorded with the choice. */
export const changeWhatsAppChoice = (optIn: boolean, where: 'checkout' | 'profile') =>
  answerOf<WhatsAppChoice>(
    api.PUT('/api/whatsapp/consent', { body: { optIn, channel: where, language: 'en' } }),
  );
