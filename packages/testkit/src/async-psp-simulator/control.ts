/**
 * The asynchronous PSP simulator's test-control API (routes under `/__control/`): decide a
 * payment now, send its webhooks again, out of order or late, refund or charge it back, make the
 * next calls fail or hang, and read what it charged. **For tests only**: a real PSP has nothing
 * like it, and nothing in the server may call it.
 *
 * Every control call that sends a webhook waits for the delivery and answers its HTTP status, so
 * a test knows what the cashier answered without waiting for anything.
 *
 * @packageDocumentation
 */
import * as z from 'zod';
import { FAILURE_CODES, PAYMENT_STATES, Payment, Refund } from '@cashdesk/server/protocols';

/** The control routes (`:ref` is the merchant reference: our transaction id). */
export const ASYNC_CONTROL_PATHS = {
  /** `POST` {@link SettleInput} → {@link DeliveryAnswer}: decides a `received` payment now. */
  settle: '/__control/payments/:ref/settle',
  /** `POST` {@link ReversalInput} → {@link DeliveryAnswer}: refunds a succeeded payment. */
  refund: '/__control/payments/:ref/refund',
  /** `POST` {@link ReversalInput} → {@link DeliveryAnswer}: charges a succeeded payment back. */
  chargeback: '/__control/payments/:ref/chargeback',
  /**
   * `POST` {@link EventInput} → {@link DeliveryAnswer}: sends a `payment.updated` event showing
   * the payment in `state` without changing it (an old event arriving late or out of order).
   */
  event: '/__control/payments/:ref/event',
  /** `POST` {@link ClockInput} → {@link DeliveryAnswer}: delivers the payment's last event again. */
  redeliver: '/__control/payments/:ref/redeliver',
  /**
   * `POST` {@link RefundSettleInput} → {@link RefundDeliveryAnswer}: settles a merchant's pending
   * refund now (`:ref` is its refund reference: our refund id) and sends its `refund.updated`.
   */
  settleRefund: '/__control/refunds/:ref/settle',
  /** `POST` {@link ClockInput} → {@link FlushAnswer}: delivers every undelivered event now. */
  flush: '/__control/webhooks/flush',
  /** `POST` {@link AsyncFault} → `204`: queues a fault for the next matching calls. */
  faults: '/__control/faults',
  /** `GET` → {@link AsyncActivity}: every payment, what it charged or paid, its webhooks. */
  activity: '/__control/activity',
  /** `POST` → `204`: forgets every payment, event and fault. */
  reset: '/__control/reset',
} as const;

/** A control path for one merchant reference. */
export function controlPath(path: string, reference: string): string {
  return path.replace(':ref', encodeURIComponent(reference));
}

/** When to sign (the webhook's timestamp); default the simulator's clock. */
const Clock = { now: z.iso.datetime({ offset: true }).optional() };

/** The body of the routes that only take a clock. */
export const ClockInput = z.object(Clock);

/** The body of `settle`. */
export const SettleInput = z.object({
  ...Clock,
  outcome: z.enum(['succeeded', 'failed']),
  failure_code: z.enum(FAILURE_CODES).optional(),
  /** `false`: decide without sending the webhook now (as if its delivery had failed). */
  deliver: z.boolean().default(true),
});
/** {@link SettleInput} as a test writes it. */
export type SettleInput = z.input<typeof SettleInput>;

/** The body of `refund` and `chargeback`: the whole payment unless `value` (minor units) says. */
export const ReversalInput = z.object({ ...Clock, value: z.int().min(1).optional() });

/** The body of `settleRefund`. */
export const RefundSettleInput = z.object({
  ...Clock,
  outcome: z.enum(['succeeded', 'failed']),
  /** `false`: settle without sending the webhook now (as if its delivery had failed). */
  deliver: z.boolean().default(true),
});
/** {@link RefundSettleInput} as a test writes it. */
export type RefundSettleInput = z.input<typeof RefundSettleInput>;

/** The answer of `settleRefund`: the refund and what its delivery got. */
export const RefundDeliveryAnswer = z.object({
  refund: Refund,
  delivery: z.object({ status: z.int().nullable(), body: z.unknown() }),
});
/** {@link RefundDeliveryAnswer}. */
export type RefundDeliveryAnswer = z.output<typeof RefundDeliveryAnswer>;

/** The body of `event`. */
export const EventInput = z.object({ ...Clock, state: z.enum(PAYMENT_STATES) });

/** What a delivery got: the cashier's status code, or `null` when the connection failed. */
export const DeliveryAnswer = z.object({
  payment: Payment,
  delivery: z.object({ status: z.int().nullable(), body: z.unknown() }),
});
/** {@link DeliveryAnswer}. */
export type DeliveryAnswer = z.output<typeof DeliveryAnswer>;

/** The answer of `flush`: one delivery per event that was still undelivered. */
export const FlushAnswer = z.object({
  deliveries: z.array(z.object({ event_id: z.string(), status: z.int().nullable() })),
});

/** The operations a fault can hit. */
export const ASYNC_OPERATIONS = [
  'create',
  'get',
  'lookup',
  'cancel',
  'refund',
  'refund_lookup',
  'any',
] as const;

/**
 * A fault for the next `times` calls of `operation`: `fail-before` (500, not processed: the
 * caller cannot know), `refuse` (503 not_processed), `fail-after` (processed, then 500),
 * `hang-before` / `hang-after` (no answer until the caller gives up; processed after).
 */
export const AsyncFault = z.object({
  operation: z.enum(ASYNC_OPERATIONS),
  mode: z.enum(['fail-before', 'refuse', 'fail-after', 'hang-before', 'hang-after']),
  times: z.int().min(1).max(1000).default(1),
});
/** {@link AsyncFault} as a test writes it. */
export type AsyncFaultInput = z.input<typeof AsyncFault>;

/** One payment as the activity shows it: amount in the major unit, webhooks counted. */
export const AsyncActivityEntry = z.object({
  merchant_reference: z.string(),
  payment_id: z.string(),
  direction: z.enum(['pay_in', 'pay_out']),
  amount: z.string(),
  currency: z.string(),
  state: z.enum(PAYMENT_STATES),
  /** Create calls with this reference (a repeat is counted, never charged again). */
  calls: z.int(),
  events: z.object({ sent: z.int(), delivered: z.int(), undelivered: z.int() }),
});

/** One merchant refund as the activity shows it: amount in the major unit, calls counted. */
export const AsyncRefundEntry = z.object({
  refund_reference: z.string(),
  refund_id: z.string(),
  payment_id: z.string(),
  amount: z.string(),
  currency: z.string(),
  state: z.enum(['pending', 'succeeded', 'failed']),
  /** Create calls with this reference (a repeat is counted, never refunded again). */
  calls: z.int(),
});

/** The answer of `activity`. */
export const AsyncActivity = z.object({
  payments: z.array(AsyncActivityEntry),
  refunds: z.array(AsyncRefundEntry).default([]),
});
/** {@link AsyncActivity}. */
export type AsyncActivity = z.output<typeof AsyncActivity>;
