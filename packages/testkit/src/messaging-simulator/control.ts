/**
 * The messaging simulator's test-control API (routes under `/__control/`): what a test sends to
 * make the next hand-overs fail, and what it reads back (the player's inbox, how often each
 * message id arrived, the requests refused for their signature). **For tests and demos only**: an
 * operator's messaging service has nothing like it, and nothing in the server may call it.
 *
 * @packageDocumentation
 */
import * as z from 'zod';
import { OtpHandOverBody } from '@cashdesk/server/protocols';

/** The routes: the hand-over route and the control routes. */
export const MESSAGING_PATHS = {
  /** `POST /messages`: the hand-over (modules/accounts/otp-senders/protocol.ts); OTP_HTTP_URL points here. */
  messages: '/messages',
  /** `GET /__control/messages` → `200` {@link MessagesAnswer}. */
  activity: '/__control/messages',
  /** `POST /__control/faults`, body {@link MessagingFault} → `200` {@link MessagingFaultsAnswer}. */
  faults: '/__control/faults',
  /** `POST /__control/reset`, no body → `204`: every message and fault forgotten. */
  reset: '/__control/reset',
} as const;

/**
 * What a fault does to the next hand-over:
 * - `fail-before`: answer `503` without recording the message;
 * - `fail-after`: record the message (the player gets it), then answer `500`, as when only the
 *   answer is lost;
 * - `reject`: answer `422` without recording (a destination the service does not take);
 * - `hang-before`: never answer, record nothing, until the caller gives up;
 * - `hang-after`: record the message, then never answer until the caller gives up.
 */
export const MESSAGING_FAULT_MODES = [
  'fail-before',
  'fail-after',
  'reject',
  'hang-before',
  'hang-after',
] as const;

/** The body of `POST /__control/faults`: the next `times` hand-overs suffer `mode`. */
export const MessagingFault = z.object({
  mode: z.enum(MESSAGING_FAULT_MODES),
  times: z.int().min(1).max(1_000).default(1),
});
/** A queued fault (`times`: what is left of it). */
export type MessagingFault = z.output<typeof MessagingFault>;
/** A fault as a test writes it (`times` optional). */
export type MessagingFaultInput = z.input<typeof MessagingFault>;

/** The answer of `POST /__control/faults`: the faults still queued. */
export const MessagingFaultsAnswer = z.object({ pendingFaults: z.array(MessagingFault) });
/** {@link MessagingFaultsAnswer}. */
export type MessagingFaultsAnswer = z.output<typeof MessagingFaultsAnswer>;

/** A message the simulator recorded, with how many requests carried its message id. */
export const RecordedMessage = OtpHandOverBody.extend({
  /** Requests that carried this message id, a repeat included (recorded once). */
  requests: z.int().min(1),
  /** The key id of the first request's signature. */
  key_id: z.string(),
});
/** {@link RecordedMessage}. */
export type RecordedMessage = z.output<typeof RecordedMessage>;

/** One hand-over request that passed the signature check, and the fault it met (if any). */
export const HandOverRequest = z.object({
  message_id: z.string(),
  fault: z.enum(MESSAGING_FAULT_MODES).nullable(),
});
/** {@link HandOverRequest}. */
export type HandOverRequest = z.output<typeof HandOverRequest>;

/** The answer of `GET /__control/messages`. */
export const MessagesAnswer = z.object({
  /** Every message recorded, first first: the players' inbox (a repeated message id once). */
  messages: z.array(RecordedMessage),
  /** Every signed hand-over request, first first, faulted or not. */
  requests: z.array(HandOverRequest),
  /** Requests refused for a missing, malformed, stale or wrong signature. */
  refusedSignatures: z.int().min(0),
  pendingFaults: z.array(MessagingFault),
});
/** {@link MessagesAnswer}. */
export type MessagesAnswer = z.output<typeof MessagesAnswer>;
