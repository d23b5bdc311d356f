/**
 * Who hands one-time codes to the player (OTP_SENDER, modules/accounts/otp-senders/): the sandbox
 * outbox, the operator's messaging service over HTTP (OTP_HTTP_*), or nobody. Production defaults
 * to nobody and uses the sandbox outbox only when OTP_ALLOW_SANDBOX_IN_PRODUCTION=true.
 *
 * @packageDocumentation
 */
import * as z from 'zod';
import type { SigningKey } from '../http/signing';
import { flagText, integerText, optionalText, secretText, urlText } from './env';
import type { ValuesOf } from './env';

/**
 * Who hands one-time codes to the player (OTP_SENDER, modules/accounts/otp-senders/): the sandbox
 * outbox (log line and demo page; sandbox mode), the operator's messaging service over HTTP, or
 * nobody (every code request then fails with 1404).
 */
export const OTP_SENDER_KINDS = ['sandbox', 'http', 'none'] as const;

/** The default OTP_HTTP_TIMEOUT_MS: one hand-over request, answer included. */
export const DEFAULT_OTP_HTTP_TIMEOUT_MS = 5_000;

/** The default OTP_HTTP_ATTEMPTS: the first request and two retries. */
export const DEFAULT_OTP_HTTP_ATTEMPTS = 3;

/** How one-time codes reach the player (modules/accounts/otp-senders/create-otp-sender.ts). */
export type OtpSenderConfig =
  | { readonly kind: 'sandbox' }
  | { readonly kind: 'none' }
  | {
      readonly kind: 'http';
      /** The operator's messaging service (OTP_HTTP_URL). */
      readonly url: string;
      /** OTP_HTTP_SECRET under OTP_HTTP_KEY_ID. */
      readonly key: SigningKey;
      /** One request, answer included (OTP_HTTP_TIMEOUT_MS). */
      readonly timeoutMs: number;
      /** Requests per message at most, the first included (OTP_HTTP_ATTEMPTS). */
      readonly attempts: number;
    };

/** The variables of the one-time-code sender. */
export const OTP_VARIABLES = {
  OTP_SENDER: optionalText.pipe(z.enum(OTP_SENDER_KINDS).optional()),
  OTP_ALLOW_SANDBOX_IN_PRODUCTION: flagText,
  OTP_HTTP_URL: urlText.optional(),
  OTP_HTTP_SECRET: secretText('OTP_HTTP_SECRET', 16),
  OTP_HTTP_KEY_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'OTP_HTTP_KEY_ID must be 1-64 of A-Z a-z 0-9 . _ : -')
      .optional(),
  ),
  OTP_HTTP_TIMEOUT_MS: integerText('OTP_HTTP_TIMEOUT_MS', 100, 60_000).default(
    DEFAULT_OTP_HTTP_TIMEOUT_MS,
  ),
  OTP_HTTP_ATTEMPTS: integerText('OTP_HTTP_ATTEMPTS', 1, 5).default(DEFAULT_OTP_HTTP_ATTEMPTS),
};

/**
 * The one-time-code sender: the sandbox outside production and none in production (the sandbox
 * there is a problem unless OTP_ALLOW_SANDBOX_IN_PRODUCTION=true). The HTTP sender needs
 * OTP_HTTP_URL and OTP_HTTP_SECRET (OTP_HTTP_KEY_ID `default`), and all its attempts must end
 * within `connectionTimeoutMs`, since the player waits for the hand-over.
 */
export function readOtpSender(
  values: ValuesOf<typeof OTP_VARIABLES>,
  production: boolean,
  connectionTimeoutMs: number,
  problems: string[],
): OtpSenderConfig {
  const kind = values.OTP_SENDER ?? (production ? 'none' : 'sandbox');
  if (production && kind === 'sandbox' && values.OTP_ALLOW_SANDBOX_IN_PRODUCTION !== 'true') {
    problems.push(
      'OTP_SENDER: "sandbox" is refused in production mode unless OTP_ALLOW_SANDBOX_IN_PRODUCTION=true (it writes every code to the log)',
    );
  }
  if (kind !== 'http') return { kind };
  if (values.OTP_HTTP_URL === undefined) {
    problems.push("OTP_HTTP_URL: required with OTP_SENDER=http (the messaging service's address)");
  }
  if (values.OTP_HTTP_SECRET === undefined) {
    problems.push('OTP_HTTP_SECRET: required with OTP_SENDER=http (signs every message)');
  }
  if (values.OTP_HTTP_ATTEMPTS * values.OTP_HTTP_TIMEOUT_MS >= connectionTimeoutMs) {
    problems.push(
      'OTP_HTTP_TIMEOUT_MS: OTP_HTTP_ATTEMPTS times OTP_HTTP_TIMEOUT_MS must be shorter than CONNECTION_TIMEOUT_MS (the player waits for the hand-over)',
    );
  }
  if (values.OTP_HTTP_URL === undefined || values.OTP_HTTP_SECRET === undefined) {
    return { kind: 'none' };
  }
  return {
    kind: 'http',
    url: values.OTP_HTTP_URL,
    key: { keyId: values.OTP_HTTP_KEY_ID ?? 'default', secret: values.OTP_HTTP_SECRET },
    timeoutMs: values.OTP_HTTP_TIMEOUT_MS,
    attempts: values.OTP_HTTP_ATTEMPTS,
  };
}
