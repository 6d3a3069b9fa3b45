import simpleRestProvider from 'ra-data-simple-rest';
import type { GetListParams, GetListResult } from 'react-admin';
import { httpClient } from '@/httpClient';

/** The lists whose deep pages the server reads by keyset (`after` = the previous page's last id). */
export const KEYSET_RESOURCES = new Set(['orders', 'wallet-transactions']);

/**
 * Page numbers stay the console's cursor: the last id of every page seen is kept per list (its
 * filter, sort and page size), and page N is asked for `after` the last id of page N - 1 when
 * that page was seen, so Next and Previous cost the same on page 20,000 as on page 2. A page
 * reached by number alone (a jump) is found by its number.
 */
export class KeysetPages {
  private list = '';
  private lastIds = new Map<number, string>();

  constructor(private readonly apiUrl: string) {}

  async getList(resource: string, params: GetListParams): Promise<GetListResult> {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
    const list = JSON.stringify([resource, params.sort, params.filter, perPage]);
    if (list !== this.list) {
      this.list = list;
      this.lastIds = new Map();
    }
    const after = page > 1 ? this.lastIds.get(page - 1) : undefined;
    const client = (url: string, options?: Parameters<typeof httpClient>[1]) =>
      httpClient(after ? `${url}&after=${encodeURIComponent(after)}` : url, options);
    const answer = await simpleRestProvider(this.apiUrl, client).getList(resource, params);
    const last = answer.data.at(-1) as { id?: unknown } | undefined;
    if (list === this.list && typeof last?.id === 'string') this.lastIds.set(page, last.id);
    return answer;
  }
}
