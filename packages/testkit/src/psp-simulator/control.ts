/**
 * The PSP simulator's test-control API (routes under `/__control/`): what a fault test sends to
 * make the simulator misbehave, and what it reads back to count charges. **For tests only**: a
 * real PSP has nothing like it, and nothing in the server may call it.
 *
 * @packageDocumentation
 */
import * as z from 'zod';
import { Currency, Decimal } from '@cashdesk/contract';
import { PROVIDER_OPERATIONS, StatusAnswer } from '@cashdesk/server/protocols';
import { DeliveryRecord, NotificationTarget } from './notifications';

/** The control routes. */
export const CONTROL_PATHS = {
  /** `GET /__control/activity[?now=ISO]` → `200` {@link ActivityAnswer}. */
  activity: '/__control/activity',
  /** `POST /__control/faults`, body {@link Fault} → `200` {@link FaultsAnswer}. */
  faults: '/__control/faults',
  /** `POST /__control/reset`, no body → `204`: every payment, token and fault forgotten. */
  reset: '/__control/reset',
  /**
   * `POST /__control/notifications`, body {@link NotificationSettings} → `204`: where push
   * notifications go (`{"url": null}`: nowhere).
   */
  notifications: '/__control/notifications',
  /**
   * `POST /__control/notifications/deliver[?now=ISO]` → `200` {@link DeliverAnswer}: sends every
   * final result not acknowledged yet, as of `now`, and answers once the receiver has answered.
   */
  deliver: '/__control/notifications/deliver',
} as const;

/**
 * What a fault does to the next matching call (see README.md beside this file):
 * - `fail-before`: answer `500 internal` without processing (nothing charged; the caller cannot
 *   know that, so its outcome is unknown);
 * - `refuse`: answer `503 not_processed` without processing (the connector throws
 *   ProviderNotReachedError; nothing charged);
 * - `soft-decline`: answer declined with the code `do_not_honor` without processing (one of the
 *   protocol's soft decline codes: nothing charged, another provider may accept it);
 * - `fail-after`: process, then answer `500 internal` (charged; the answer is lost);
 * - `drop-after`: process, then destroy the connection without answering (charged);
 * - `hang-before`: neither process nor answer until the caller gives up (nothing charged);
 * - `hang-after`: process, then never answer until the caller gives up (charged);
 * - `delay-after`: process, then answer after `delayMs` (charged; the answer is lost if the
 *   caller's time-out is shorter);
 * - `duplicate`: the request arrives twice, as when a network retries it: it is processed twice
 *   in a row and the first answer is sent. For `authorizeDeposit` and `payout` the second is the
 *   idempotent repeat (one charge, `calls` counts 2); a follow-up call is applied twice.
 */
export const FAULT_MODES = [
  'fail-before',
  'refuse',
  'soft-decline',
  'fail-after',
  'drop-after',
  'hang-before',
  'hang-after',
  'delay-after',
  'duplicate',
] as const;

/** The operations a fault can target: one of the protocol's, or `any` (the next call of any). */
export const FAULT_OPERATIONS = [...PROVIDER_OPERATIONS, 'any'] as const;

const FaultTarget = {
  operation: z.enum(FAULT_OPERATIONS),
  /** How many matching calls the fault hits, one after the other. Default 1. */
  times: z.int().min(1).max(10_000).default(1),
};

/**
 * The body of `POST /__control/faults`: one fault, queued behind the ones already queued. A call
 * takes the first queued fault whose operation is its own or `any`.
 */
export const Fault = z.discriminatedUnion('mode', [
  z.object({ ...FaultTarget, mode: z.enum(FAULT_MODES).exclude(['delay-after']) }),
  z.object({
    ...FaultTarget,
    mode: z.literal('delay-after'),
    /** How long after processing the answer is sent. */
    delayMs: z.int().min(0).max(600_000),
  }),
]);
/** A queued fault (`times` filled in). */
export type Fault = z.output<typeof Fault>;
/** A fault as a test writes it (`times` optional). */
export type FaultInput = z.input<typeof Fault>;

/** The answer of `POST /__control/faults`: the faults still queued, `times` being what is left. */
export const FaultsAnswer = z.object({ pendingFaults: z.array(Fault) });
/** {@link FaultsAnswer}. */
export type FaultsAnswer = z.output<typeof FaultsAnswer>;

/**
 * One transaction id the simulator was asked to charge (deposit: the total) or pay (payout: the
 * amount), with how often it was asked (`calls`: a repeat is counted, never charged again) and
 * the payment's current status, so a test can tell a charge that went through (`approved`)
 * from one declined, pending or cancelled.
 */
export const ActivityEntry = z.object({
  transactionId: z.string(),
  flow: z.enum(['deposit', 'payout']),
  amount: Decimal,
  currency: Currency,
  providerRef: z.string(),
  calls: z.int().min(1),
  status: StatusAnswer,
});
/** {@link ActivityEntry}. */
export type ActivityEntry = z.output<typeof ActivityEntry>;

/** The body of `POST /__control/notifications`. */
export const NotificationSettings = z.union([NotificationTarget, z.object({ url: z.null() })]);
/** {@link NotificationSettings} as a test writes it. */
export type NotificationSettingsInput = z.input<typeof NotificationSettings>;

/** The answer of `POST /__control/notifications/deliver`: what the sweep sent. */
export const DeliverAnswer = z.object({ deliveries: z.array(DeliveryRecord) });
/** {@link DeliverAnswer}. */
export type DeliverAnswer = z.output<typeof DeliverAnswer>;

/** The answer of `GET /__control/activity`: every transaction id first seen first. */
export const ActivityAnswer = z.object({
  transactions: z.array(ActivityEntry),
  /** Every refund id asked for, first seen first (a repeat is counted, never refunded again). */
  refunds: z
    .array(
      z.object({
        refundId: z.string(),
        paymentRef: z.string(),
        amount: Decimal,
        currency: Currency,
        calls: z.int().min(1),
        outcome: z.enum(['succeeded', 'pending', 'failed']),
      }),
    )
    .default([]),
  pendingFaults: z.array(Fault),
  /**
   * How many requests each protocol route received since the start or the last reset (a test
   * shows with it that a payment settled by a push notification was never polled).
   */
  operationCalls: z.partialRecord(z.enum(PROVIDER_OPERATIONS), z.int().min(0)).default({}),
});
/** {@link ActivityAnswer}. */
export type ActivityAnswer = z.output<typeof ActivityAnswer>;

/** What a queued fault must have: the operation it targets (or `any`) and how many calls it hits. */
interface QueuedFault {
  readonly operation: string;
  readonly times: number;
}

/**
 * The faults queued in a simulator, taken in order by the calls they match (the PSP simulator's
 * {@link Fault}s by default; the wallet simulator queues its own).
 */
export class FaultQueue<F extends QueuedFault = Fault> {
  readonly #queued: { fault: F; left: number }[] = [];

  add(fault: F): void {
    this.#queued.push({ fault, left: fault.times });
  }

  /** The fault the next `operation` call suffers, counted as used; `undefined` for none. */
  take(operation: string): F | undefined {
    const index = this.#queued.findIndex(
      (entry) => entry.fault.operation === operation || entry.fault.operation === 'any',
    );
    const entry = this.#queued[index];
    if (entry === undefined) return undefined;
    entry.left -= 1;
    if (entry.left === 0) this.#queued.splice(index, 1);
    return entry.fault;
  }

  /** The faults still queued, `times` being what is left of each. */
  pending(): F[] {
    return this.#queued.map((entry) => ({ ...entry.fault, times: entry.left }));
  }

  clear(): void {
    this.#queued.length = 0;
  }
}
