/**
 * A list filtered by days (`created_from`, `created_to` in the page's address, yyyy-mm-dd) as the
 * instants a list call takes: whole days in the browser's time zone, the "to" day inclusive on
 * screen and exclusive in the call. The transaction list's filters own that conversion; the
 * other lists take it from there.
 */
import type { Query } from '../api/http';
import { filtersOf, queryOf } from './transactions/filters';

export function dayRangeOf(params: URLSearchParams): Query {
  const days = queryOf(filtersOf(params));
  return { created_from: days.created_from, created_to: days.created_to };
}
