/** The widget's client error reports of the brand's sessions, from the operator API. */
import { OPERATOR_BASE } from '@cashdesk/contract/values';
import type { ClientReportPage } from '@cashdesk/contract';
import { call } from './http';
import type { Query } from './http';

export type ClientReport = ClientReportPage['reports'][number];
export type { ClientReportPage };

export const listClientReports = (query: Query): Promise<ClientReportPage> =>
  call('GET', `${OPERATOR_BASE}/client-reports`, { query });
