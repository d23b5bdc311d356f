/**
 * The test webhook receiver's control API (routes under `/__control/`): what a test sends to make
 * the operator's endpoint misbehave, and what it reads back to count deliveries. **For tests
 * only**: nothing in the server may call it.
 *
 * @packageDocumentation
 */
import * as z from 'zod';

/** The path the receiver takes webhooks on (the server's WEBHOOK_URL is `<url>/webhooks`). */
export const WEBHOOK_PATH = '/webhooks';

/** The control routes. */
export const RECEIVER_CONTROL_PATHS = {
  /**
   * `GET /__control/deliveries[?min_accepted=N]` → `200` {@link DeliveriesAnswer}; with
   * `min_accepted` the answer waits until that many deliveries were accepted.
   */
  deliveries: '/__control/deliveries',
  /** `POST /__control/faults`, body {@link ReceiverFault} → `200` {@link ReceiverFaultsAnswer}. */
  faults: '/__control/faults',
  /** `POST /__control/clock`, body {@link ClockSetting} → `204`: the clock signatures are checked by. */
  clock: '/__control/clock',
  /** `POST /__control/reset`, no body → `204`: deliveries, faults and the clock forgotten. */
  reset: '/__control/reset',
  /** `GET /__control/held` → `200` {@link HeldAnswer} once a request is held (`hold`). */
  held: '/__control/held',
  /**
   * `POST /__control/release`, body {@link ReleaseSetting} → `200` {@link HeldAnswer}: the oldest
   * held request is answered, once one is held.
   */
  release: '/__control/release',
} as const;

/**
 * What a fault does to the next webhook requests: `fail` answers 500; `hang` never answers (the
 * sender's time-out ends it); `down` drops the connection without an answer, as an endpoint that
 * is down does; `hold` keeps the request unanswered until the test releases it
 * (`/__control/release`), so that a test acts while a delivery is in flight, on no timer.
 */
export const RECEIVER_FAULT_MODES = ['fail', 'hang', 'down', 'hold'] as const;

/** The body of `POST /__control/faults`: one fault for the next `times` requests. */
export const ReceiverFault = z.object({
  mode: z.enum(RECEIVER_FAULT_MODES),
  times: z.int().min(1).max(10_000).default(1),
});
/** A fault as a test writes it (`times` optional). */
export type ReceiverFaultInput = z.input<typeof ReceiverFault>;

/** The answer of `POST /__control/faults`: the faults still queued. */
export const ReceiverFaultsAnswer = z.object({ pendingFaults: z.array(ReceiverFault) });

/** The body of `POST /__control/clock`: the receiver's "now" (`null`: its own clock again). */
export const ClockSetting = z.object({ now: z.iso.datetime({ offset: true }).nullable() });

/**
 * The body of `POST /__control/release`: the status the held request is answered with; a 2xx
 * answer is given only to a valid, signed event (checked as any request is), else its refusal.
 */
export const ReleaseSetting = z.object({ status: z.int().min(200).max(599) });

/** The answer of the held and release routes: requests still held. */
export const HeldAnswer = z.object({ held: z.int() });

/** One webhook request as the receiver saw it. */
export const Delivery = z.object({
  /** Arrival order, from 1. */
  seq: z.int(),
  event_id: z.string().nullable(),
  event_type: z.string().nullable(),
  /** The Cashdesk-Delivery-Attempt header. */
  attempt: z.string().nullable(),
  /** `valid`, or why the signature was refused (`missing`, `malformed`, `stale`, `mismatch`). */
  signature: z.string(),
  key_id: z.string().nullable(),
  /** The status answered, or `hang` / `down` for a request left without an answer. */
  answer: z.union([z.int(), z.enum(['hang', 'down'])]),
  /** Answered 2xx: signed, a valid event. */
  accepted: z.boolean(),
  /** Accepted, and an event with this id had been accepted before. */
  duplicate: z.boolean(),
  /** Of a transaction event: the transaction id and status it carries. */
  transaction_id: z.string().nullable(),
  transaction_status: z.string().nullable(),
});
/** The type of {@link Delivery}. */
export type Delivery = z.infer<typeof Delivery>;

/** The answer of `GET /__control/deliveries`. */
export const DeliveriesAnswer = z.object({ deliveries: z.array(Delivery) });
