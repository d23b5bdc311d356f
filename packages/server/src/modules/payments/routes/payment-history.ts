/**
 * The player's pending payments and history, `GET payments/history`
 * (modules/payments/payment-history.ts): the session player's own payments only, of the session's
 * brand, the open ones first with what resumes them.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type { App } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';
import { listPlayerPayments } from '../payment-history';

/** Registers the payment history. */
export function registerPaymentHistoryRoutes(app: App): void {
  registerEndpoint(app, ENDPOINTS.paymentHistory, async ({ query, session, deps }) => ({
    status: 200,
    body: await listPlayerPayments(deps.db, deps.wallet, session, query),
  }));
}
