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
import type { WalletService } from '../wallet/wallet';
import { PAYMENT_METHOD_KINDS, isProviderNotReached } from '../../providers';
import type { PaymentProvider } from '../../providers';
import { isFinalStatus } from './transactions';
import type { TransitionResult } from './transactions';
import type { TransactionRow } from './transaction-repository';

/** A provider call, by the {@link PaymentProvider} method it is. */
export type ProviderOperation = Exclude<keyof PaymentProvider, 'name'>;

/**
 * How a provider call ended: an answer (`ok`, whatever it said), no answer within
 * PROVIDER_TIMEOUT_MS (`timeout`), the provider certainly not reached (`not_reached`), or any other
 * failure (`error`: an error answer, a lost connection).
 */
export type ProviderCallOutcome = 'ok' | 'timeout' | 'not_reached' | 'error';

/** The labels of a transaction that reached a final status. */
export interface FinishedTransaction {
  readonly flow: TransactionRow['flow'];
  /** One of the provider's method kinds, or `unknown` for a transaction stored without it. */
  readonly methodKind: string;
  /** `success` or `error`. */
  readonly status: TransactionRow['status'];
}

/** What a reconciler pass did (reconciler.ts `PassReport`). */
export interface ReconcilerPassCounts {
  readonly resolved: number;
  readonly refreshed: number;
  readonly finished: number;
  readonly expired: number;
  readonly releasedClaims: number;
  readonly walletOperations: number;
  readonly errors: number;
}

/** The pipeline's side of the metrics. */
export interface PaymentMetrics {
  providerCall(operation: ProviderOperation, seconds: number, outcome: ProviderCallOutcome): void;
  transactionFinished(transaction: FinishedTransaction): void;
  reconcilerPass(counts: ReconcilerPassCounts): void;
}

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
    });
  }
  return result;
}
