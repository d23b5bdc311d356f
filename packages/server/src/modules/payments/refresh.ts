/**
 * The follow-up calls of a payment (SPEC §7 payments/status, payments/3ds-result, the sandbox's
 * pages), through the same durable rules as the submit (provider-calls.ts): every provider call
 * under the time-out, every answer applied through the status machine, no answer leaving the
 * transaction as it was for the next poll or the reconciler.
 *
 * @packageDocumentation
 */
import type { ProviderStatus, ThreeDsChallengeResult } from '../../providers';
import { isFinalStatus } from './transactions';
import type { TransactionRow } from './transaction-repository';
import { applyDepositOutcome, applyProviderStatus } from './provider-outcomes';
import { providerOf, withProviderTimeout } from './payment-deps';
import { resolveCall } from './provider-calls';
import type { PaymentDeps } from './payment-deps';
import { counted } from './payment-metrics';
import { awaitsReceiptReport, reportReceipt } from './receipts';

/** A transaction after a refresh, and the provider's status when it was asked. */
export interface Refreshed {
  readonly row: TransactionRow;
  readonly status: ProviderStatus | undefined;
}

/** The kind of an error, for the log (never its message: it may quote a request). */
function errorKind(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}

/**
 * Moves a transaction on with what the provider knows:
 * - `created` (its call unanswered or never made): resolved as the reconciler would, once its
 *   next check is due (a payout sent again with the same key, a deposit looked up);
 * - waiting for a receipt report: reported;
 * - `processing`/`await`: the provider's status applied.
 * A final transaction is returned as it is; a provider that does not answer leaves it unchanged.
 */
export async function refreshTransaction(
  deps: PaymentDeps,
  row: TransactionRow,
): Promise<Refreshed> {
  if (isFinalStatus(row.status)) return { row, status: undefined };
  const now = deps.clock();
  if (row.status === 'created') {
    const due = row.nextCheckAt === null || row.nextCheckAt <= now;
    return { row: due ? await resolveCall(deps, row, null) : row, status: undefined };
  }
  if (awaitsReceiptReport(row)) return { row: await reportReceipt(deps, row), status: undefined };
  const reference = row.providerReference;
  if (reference === null) return { row, status: undefined };
  let status: ProviderStatus;
  try {
    status = await withProviderTimeout(deps, 'status', (options) =>
      providerOf(deps, row).status(reference, now, options),
    );
  } catch (error) {
    deps.log?.warn(
      { transaction_id: row.id, error: errorKind(error) },
      'status without an answer: asked again later',
    );
    return { row, status: undefined };
  }
  const result = counted(deps, await applyProviderStatus(deps.db, row, status, now));
  return { row: result.transaction, status };
}

/**
 * Finishes a 3-D Secure challenge with what the challenge page posted, and applies the outcome.
 * Without an answer the transaction keeps waiting: its status (poll or reconciler) settles it.
 */
export async function completeChallenge(
  deps: PaymentDeps,
  row: TransactionRow,
  result: ThreeDsChallengeResult,
): Promise<TransactionRow> {
  const reference = row.providerReference;
  if (reference === null) return row;
  const now = deps.clock();
  try {
    const outcome = await withProviderTimeout(deps, 'complete3ds', (options) =>
      providerOf(deps, row).complete3ds(reference, result, now, options),
    );
    deps.log?.info({ transaction_id: row.id, outcome: outcome.outcome }, '3-D Secure completed');
    return counted(deps, await applyDepositOutcome(deps.db, row, outcome, deps.clock()))
      .transaction;
  } catch (error) {
    deps.log?.warn(
      { transaction_id: row.id, error: errorKind(error) },
      '3-D Secure completion without an answer: the status settles it',
    );
    return row;
  }
}
