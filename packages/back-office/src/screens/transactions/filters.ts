/**
 * The transaction list's filters as the page's address holds them (so a filtered list is a link
 * to share, and back and forward work), and the list call's query they make.
 */
import type { Query } from '../../api/http';
import { startOfDay, startOfNextDay } from '../../i18n/days';

/** The filters of the list call, by the names of its query (and of the page's address). */
export const TRANSACTION_FILTERS = [
  'player_id',
  'status',
  'flow',
  'method_kind',
  'pay_group_id',
  'currency',
  'created_from',
  'created_to',
] as const;

export type TransactionFilter = (typeof TRANSACTION_FILTERS)[number];

/** The filters the address holds (a date filter as the day, yyyy-mm-dd). */
export type Filters = Readonly<Record<TransactionFilter, string>>;

export function filtersOf(params: URLSearchParams): Filters {
  const get = (name: TransactionFilter): string => params.get(name) ?? '';
  return {
    player_id: get('player_id'),
    status: get('status'),
    flow: get('flow'),
    method_kind: get('method_kind'),
    pay_group_id: get('pay_group_id'),
    currency: get('currency'),
    created_from: get('created_from'),
    created_to: get('created_to'),
  };
}

/** The list (and export) call's query of the filters. */
export function queryOf(filters: Filters): Query {
  return {
    player_id: filters.player_id.trim(),
    status: filters.status,
    flow: filters.flow,
    method_kind: filters.method_kind,
    pay_group_id: filters.pay_group_id.trim(),
    currency: filters.currency.trim().toUpperCase(),
    created_from: startOfDay(filters.created_from),
    created_to: startOfNextDay(filters.created_to),
  };
}

/** Whether a text is a transaction id (a UUID): the search box then opens it. */
export function isTransactionId(text: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text.trim());
}
