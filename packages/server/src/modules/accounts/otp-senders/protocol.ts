/**
 * The one-time-code hand-over protocol: what the HTTP sender (./http-sender.ts) posts to the
 * operator's messaging service (OTP_HTTP_URL), and what the messaging simulator of
 * `@cashdesk/testkit` checks. docs/one-time-codes.md is the operator's description.
 *
 * One request per message: `POST {OTP_HTTP_URL}` with a JSON body {@link OtpHandOverBody}, signed
 * by the one signature scheme of http/signing.ts (`Cashdesk-Signature`, `Cashdesk-Key-Id`: HMAC-
 * SHA256 over `"{timestamp}.{body}"`), and `Idempotency-Key` = `message_id`. A retry sends the same
 * body (same `message_id`), signed again at its own time. Any `2xx` means handed over; the answer's
 * body is not read.
 *
 * @packageDocumentation
 */
import * as z from 'zod';
import type { ChallengePurpose } from '../otp';
import type { OtpMessage } from './otp-sender';

/** The purposes as the wire names them. */
export const OTP_WIRE_PURPOSES = {
  'payout-account': 'payout_account_verification',
  deposit: 'deposit_confirmation',
} as const satisfies Record<ChallengePurpose, string>;

/** The idempotency header: the message id again. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The body of a hand-over (snake_case, as the rest of the cashier's wire). */
export const OtpHandOverBody = z.object({
  /** New per send, the same for each retry of it: drop a repeat. Not tied to the session. */
  message_id: z.uuid(),
  purpose: z.enum([OTP_WIRE_PURPOSES['payout-account'], OTP_WIRE_PURPOSES.deposit]),
  /** The brand, and the player id the brand knows. */
  brand_id: z.string().min(1),
  player_id: z.string().min(1),
  contact_type: z.enum(['email', 'phone']),
  /** The full e-mail address or phone number (E.164) to send to. */
  destination: z.string().min(1),
  /** The six-digit code to put in the message. */
  code: z.string().regex(/^[0-9]{6}$/),
  /** When the code stops working; a message arriving later is useless. */
  expires_at: z.iso.datetime(),
  /** The player's language (as the cashier's `lang`, e.g. `en`, `ar`, `uk`), for the text. */
  language: z.string().min(1).nullable(),
});
/** {@link OtpHandOverBody}. */
export type OtpHandOverBody = z.output<typeof OtpHandOverBody>;

/** The body of a message as sent. */
export function handOverBody(message: OtpMessage): OtpHandOverBody {
  return {
    message_id: message.messageId,
    purpose: OTP_WIRE_PURPOSES[message.purpose],
    brand_id: message.brandId,
    player_id: message.playerExternalId,
    contact_type: message.contactType,
    destination: message.destination,
    code: message.code,
    expires_at: message.expiresAt.toISOString(),
    language: message.language === '' ? null : message.language,
  };
}
