/**
 * The webhook list's filters as the page's address holds them, and the list call's query they
 * make (the days as on the transaction list: ../day-range.ts).
 */
import type { Query } from '../../api/http';
import { dayRangeOf } from '../day-range';

/** The filters, by the names of the call's query (and of the page's address). */
export const WEBHOOK_FILTERS = [
  'state',
  'type',
  'transaction_id',
  'created_from',
  'created_to',
] as const;

export type WebhookFilter = (typeof WEBHOOK_FILTERS)[number];

export type WebhookFilters = Readonly<Record<WebhookFilter, string>>;

export function webhookFiltersOf(params: URLSearchParams): WebhookFilters {
  const get = (name: WebhookFilter): string => params.get(name) ?? '';
  return {
    state: get('state'),
    type: get('type'),
    transaction_id: get('transaction_id'),
    created_from: get('created_from'),
    created_to: get('created_to'),
  };
}

/** The list call's query of the address. */
export function webhookQueryOf(params: URLSearchParams): Query {
  const filters = webhookFiltersOf(params);
  return {
    state: filters.state,
    type: filters.type,
    transaction_id: filters.transaction_id.trim(),
    ...dayRangeOf(params),
  };
}
