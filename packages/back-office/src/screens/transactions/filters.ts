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
  'amount_from',
  'amount_to',
  'connector',
  'provider_reference',
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
    amount_from: get('amount_from'),
    amount_to: get('amount_to'),
    connector: get('connector'),
    provider_reference: get('provider_reference'),
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
    // Amounts stay the decimal text typed (a grouping comma or space removed): never a float.
    amount_from: plainAmount(filters.amount_from),
    amount_to: plainAmount(filters.amount_to),
    connector: filters.connector.trim().toLowerCase(),
    provider_reference: filters.provider_reference.trim(),
    created_from: startOfDay(filters.created_from),
    created_to: startOfNextDay(filters.created_to),
  };
}

/**
 * An amount filter as the API reads it: the text typed without spaces or grouping commas
 * ("1,500.00" is 1500.00). A text that is not an amount then goes as typed, and the API names
 * the field it refuses.
 */
export function plainAmount(text: string): string {
  const compact = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  return /^[0-9]{1,3}(,[0-9]{3})+(\.[0-9]+)?$/.test(compact) ? compact.replace(/,/g, '') : compact;
}

/** Whether a text is a transaction id (a UUID): the search box then opens it. */
export function isTransactionId(text: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text.trim());
}
