/** The brand's acceptance figures (GET /insight), from the operator API. */
import { OPERATOR_BASE } from '@cashdesk/contract/values';
import type { InsightReport } from '@cashdesk/contract';
import { call, withQuery } from './http';
import type { Query } from './http';

export type { InsightReport };
export type InsightRow = InsightReport['rows'][number];

export const getInsight = (query: Query): Promise<InsightReport> =>
  call('GET', `${OPERATOR_BASE}/insight`, { query });

/** The address of the CSV of the same filters. */
export const insightCsvAddress = (query: Query): string =>
  withQuery(`${OPERATOR_BASE}/insight.csv`, query);
