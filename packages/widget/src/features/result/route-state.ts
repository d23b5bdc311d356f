/**
 * What a result page reads from its address and router state (SPEC §2 result page, §3 pay
 * session): the pay session the method page navigated with, else the transaction named in the
 * query (the server's return addresses carry `?session_id=…&transaction_id=…`).
 *
 * @packageDocumentation
 */
import { PaySession } from '@cashdesk/contract';
import type { StatusResponse } from '@cashdesk/contract';

/** The router state a method page passes to a result page. */
export interface ResultRouteState {
  /** The pay session of the submit (or 3ds-result) answer, validated; `null` when absent. */
  readonly paySession: PaySession | null;
  /** The pay group the payment was made with (for retry), when the method page said. */
  readonly payGroupId: string | null;
}

function field(state: unknown, key: string): unknown {
  if (typeof state !== 'object' || state === null) return undefined;
  return Reflect.get(state, key);
}

/**
 * Reads `{ paySession, payGroupId }` from router state. Router state survives a reload in the
 * browser's history entry, but it was written by another build of the widget or by hand-made
 * history, so it is validated with the contract schema rather than trusted.
 */
export function readResultRouteState(state: unknown): ResultRouteState {
  const parsed = PaySession.safeParse(field(state, 'paySession'));
  const payGroupId = field(state, 'payGroupId');
  return {
    paySession: parsed.success ? parsed.data : null,
    payGroupId:
      typeof payGroupId === 'string' && payGroupId !== ''
        ? payGroupId
        : typeof payGroupId === 'number'
          ? String(payGroupId)
          : null,
  };
}

/** The transaction id of the query (`transaction_id`), or `null`. */
export function transactionIdOf(search: string): string | null {
  const value = new URLSearchParams(search).get('transaction_id');
  return value === null || value.trim() === '' ? null : value.trim();
}

/**
 * The pay session a result page hands on when the server's status moves it to another result
 * page (a processing payment that settled): the same payment (its amount, voucher and merchant
 * URLs) with the statuses the server now reports, so the next page still shows what was paid.
 * `null` when the page had no pay session.
 */
export function withServerStatus(
  paySession: PaySession | null,
  status: Pick<StatusResponse, 'result_status' | 'transaction_status'>,
): PaySession | null {
  if (paySession === null) return null;
  return {
    ...paySession,
    result_status: status.result_status,
    transaction_status: status.transaction_status,
  };
}
