/**
 * What the payment pipeline reports to the server's metrics (http/telemetry.ts turns
 * it into Prometheus series): how long each provider call took and how it ended, each
 * transaction that reaches a final status, and what each reconciler pass did.
 *
 * The pipeline only calls this interface, reached through its deps (`deps.metrics`: the app's
 * own, so several apps in one process never mix their figures); without one nothing is counted.
 *
 * @packageDocumentation
 */
import type { WalletService } from '../wallet';
import { PAYMENT_METHOD_KINDS, isProviderNotReached } from '../../providers';
import { isFinalStatus } from './transactions';
import type { TransitionResult } from './transactions';
import type { PaymentMetrics, ProviderCallOutcome } from '../../http/telemetry';
import type { TransactionRow } from './transaction-repository';

/** Whatever carries the metrics: a pipeline's deps. */
export interface WithMetrics {
  readonly metrics?: PaymentMetrics | undefined;
  /** Told after a final move, which may owe the operator's wallet a movement. */
  readonly wallet?: Pick<WalletService, 'kick'> | undefined;
}

/** How a provider call that threw ended (the time-out is told apart by the caller). */
export function failedCallOutcome(error: unknown): ProviderCallOutcome {
  return isProviderNotReached(error) ? 'not_reached' : 'error';
}

const METHOD_KINDS: ReadonlySet<string> = new Set(PAYMENT_METHOD_KINDS);

/** The method kind of a transaction's stored provider request (bounded to the known kinds). */
function methodKindOf(row: Pick<TransactionRow, 'providerRequest'>): string {
  const kind = row.providerRequest?.methodKind;
  return typeof kind === 'string' && METHOD_KINDS.has(kind) ? kind : 'unknown';
}

/**
 * What follows every final move, once, by whoever made it: the transaction is counted, and the
 * wallet is told to send what the move queued for it.
 *
 * Counts a transaction when `result` is the move that made it final (the status machine answers
 * `applied: false` for a transaction final already, so each one is counted once, by whoever
 * finished it). Returns `result`, to wrap a call: `counted(deps, await completeTransaction(…))`.
 */
export function counted(deps: WithMetrics, result: TransitionResult): TransitionResult {
  const row = result.transaction;
  if (result.applied && isFinalStatus(row.status)) {
    // A final move may owe the operator's wallet a movement: sent now, not at the next pass.
    deps.wallet?.kick();
    deps.metrics?.transactionFinished({
      flow: row.flow,
      methodKind: methodKindOf(row),
      status: row.status,
      // Rows of earlier versions have none: the default connector, which only the registry names.
      ...(row.connector === null ? {} : { connector: row.connector }),
    });
  }
  return result;
}
