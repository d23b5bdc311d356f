/**
 * Withdrawal calls (SPEC §7), thin over the services:
 * - payouts/groups/{payGroupId}/submit: the submission pipeline (modules/payments) with the
 *   withdrawal policy; a retry with the same Idempotency-Key resumes the same transaction;
 * - payouts/groups/{payGroupId}/upload: a document (modules/payments/routes/documents.ts);
 * - payments/reverse-pending-withdrawal: modules/payments/reversal.ts, under an
 *   Idempotency-Key like every call that moves money.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type { TaxFigures } from '@cashdesk/contract';
import type { App, AppDeps } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';
import { preparePayout } from '../payout-policy';
import { resumePayment, submitPayment } from '../pipeline';
import { reversePendingWithdrawal } from '../reversal';
import { providerDataOf } from '../transaction-repository';
import type { TransactionRow } from '../transaction-repository';
import { paySessionFor } from '../pay-session';
import { registerUploadRoute } from './documents';
import { readClientEnvironmentHeaders } from '@cashdesk/domain';

/** Tax figures of a withdrawal written before they were stored with it. */
const NO_TAX: TaxFigures = {
  non_taxable_amount: '0',
  tax_value: '0',
  amount_after_tax: '0',
  shown: false,
};

/** The answer of a withdrawal submit: its pay session with the tax figures it was made with. */
async function payoutAnswer(
  deps: Pick<AppDeps, 'db' | 'wallet'>,
  row: TransactionRow,
  precision?: number,
) {
  const session = await paySessionFor(deps.db, row, deps.wallet, precision);
  return { ...session, tax: providerDataOf(row).taxFigures ?? NO_TAX };
}

/** Registers the withdrawal submit, upload and reversal routes. */
export function registerPayoutRoutes(app: App): void {
  registerEndpoint(
    app,
    ENDPOINTS.payoutSubmit,
    async ({ params, body, session, deps, claim, request }) => {
      const prepared = await preparePayout(deps, session, params.payGroupId, body, deps.clock());
      const row = await submitPayment(
        { ...deps, log: request.log },
        prepared,
        claim,
        readClientEnvironmentHeaders(request.headers),
      );
      return { status: 200, body: await payoutAnswer(deps, row, prepared.precision) };
    },
    {
      // The key is claimed in the transaction's own commit.
      claimWithTransaction: true,
      resume: async ({ session, deps, request }, transactionId) => {
        const payment = { ...deps, log: request.log };
        const row = await resumePayment(payment, session.playerId, transactionId, null);
        return { status: 200, body: await payoutAnswer(deps, row) };
      },
    },
  );

  registerEndpoint(app, ENDPOINTS.reversePendingWithdrawal, async ({ session, deps, request }) => {
    const reversal = await reversePendingWithdrawal({ ...deps, log: request.log }, session);
    return { status: 200, body: reversal };
  });

  registerUploadRoute(app, ENDPOINTS.payoutUpload, 'withdrawal');
}
