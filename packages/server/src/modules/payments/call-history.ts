/**
 * A provider call's entry of its transaction's history (modules/webhooks/outbox.ts, decision
 * 0108): the call, its attempt, how long it took and how it ended; never the request, card data
 * or a secret. The entry is written with the change the call's answer (or its absence) made, in
 * the same database transaction.
 *
 * @packageDocumentation
 */
import { isProviderNotReached } from '../../providers';
import type { ProviderOperation } from '../../http/telemetry';
import type { HistoryRecord } from '../webhooks';
import { ProviderTimeoutError } from './payment-deps';
import type { PaymentDeps } from './payment-deps';
import type { TransactionRow } from './transaction-repository';

/**
 * A provider call's entry of the transaction's history, at the time it was sent (so before the
 * change its answer made): the call, its attempt, how long it took and its outcome (never the
 * request, card data or a secret).
 */
export function providerCallRecord(
  deps: PaymentDeps,
  row: TransactionRow,
  operation: ProviderOperation,
  sentAt: Date,
  outcome: Readonly<Record<string, unknown>>,
): HistoryRecord {
  return {
    kind: 'provider_call',
    at: sentAt,
    details: {
      call: operation,
      connector: deps.connectors.resolve(row.connector),
      attempt: row.callAttempts,
      duration_ms: Math.max(0, deps.clock().getTime() - sentAt.getTime()),
      ...outcome,
    },
  };
}

/** What an answer said, for the history: its outcome and, if declined, the reason. */
export function answeredWith(answer: {
  readonly outcome?: string;
  readonly status?: string;
  readonly reason?: unknown;
  readonly code?: unknown;
}): Record<string, unknown> {
  return {
    outcome: 'answered',
    answer: answer.outcome ?? answer.status,
    ...(typeof answer.reason === 'string' ? { reason: answer.reason } : {}),
    ...(typeof answer.code === 'string' ? { code: answer.code } : {}),
  };
}

/**
 * The entry of a call without an answer: it never reached the provider, timed out, or its
 * outcome is unknown (an error, a lost connection, an answer that could not be applied).
 */
export function unansweredCallRecord(
  deps: PaymentDeps,
  row: TransactionRow,
  operation: ProviderOperation,
  sentAt: Date,
  error: unknown,
): HistoryRecord {
  return providerCallRecord(deps, row, operation, sentAt, {
    outcome: isProviderNotReached(error)
      ? 'not_reached'
      : error instanceof ProviderTimeoutError
        ? 'timeout'
        : 'unknown',
  });
}
