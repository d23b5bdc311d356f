/**
 * The one signature scheme of every HTTP message Cashdesk exchanges with an operator's systems
 * (outgoing webhooks, wallet callbacks, one-time-code hand-over) and of the reference provider
 * connectors' webhooks: HMAC-SHA256 over `"{timestamp}.{body}"`, sent as
 *
 * ```
 * Cashdesk-Signature: t=1764000000,v1=5d41402abc4b2a76b9719d911017c592…
 * Cashdesk-Key-Id: key-2026-11
 * ```
 *
 * `t` is the signing time in whole seconds since the epoch; `v1` the lowercase hex digest. The key
 * id names the secret, so a receiver can hold two secrets while one replaces the other. Signing
 * the timestamp with the body stops a replay of an old message once it is older than the
 * receiver's tolerance; the body is signed byte for byte as sent, so verify before parsing it.
 *
 * A receiver verifies with {@link verifySignature}: it accepts any of its current secrets
 * (rotation) and compares in constant time. {@link verifyWebhookSignature} does the same from a
 * request's headers as they arrive (the operator's side of the outgoing webhooks; small and pure
 * enough to copy into a receiver along with {@link signatureDigest} and {@link verifySignature}).
 *
 * @packageDocumentation
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header that carries the timestamp and the digest. */
export const SIGNATURE_HEADER = 'cashdesk-signature';

/** The header that names the signing secret. */
export const KEY_ID_HEADER = 'cashdesk-key-id';

/** How old (or how far ahead) a signature may be by default, in seconds. */
export const DEFAULT_SIGNATURE_TOLERANCE_S = 300;

/** A secret and the id it is known by. */
export interface SigningKey {
  readonly keyId: string;
  readonly secret: string;
}

/** The hex HMAC-SHA256 of `"{timestamp}.{body}"`. */
export function signatureDigest(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret)
    .update(`${String(timestamp)}.${body}`)
    .digest('hex');
}

/** The headers of a message signed with `key` at `now`. */
export function signatureHeaders(
  key: SigningKey,
  body: string,
  now: Date,
): Record<typeof SIGNATURE_HEADER | typeof KEY_ID_HEADER, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    [SIGNATURE_HEADER]: `t=${String(timestamp)},v1=${signatureDigest(key.secret, timestamp, body)}`,
    [KEY_ID_HEADER]: key.keyId,
  };
}

/** Why a signature was refused. */
export type SignatureProblem = 'missing' | 'malformed' | 'stale' | 'mismatch';

/** The result of {@link verifySignature}. */
export type SignatureCheck =
  | { readonly valid: true; readonly keyId: string; readonly timestamp: number }
  | { readonly valid: false; readonly problem: SignatureProblem };

const HEADER_PATTERN = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/;

/**
 * Checks a `Cashdesk-Signature` header against the raw body with each of `keys` (all current
 * secrets: during a rotation, the old and the new). A signature older or newer than
 * `toleranceSeconds` around `now` is `stale`, whatever its digest.
 */
export function verifySignature(input: {
  readonly header: string | undefined;
  readonly body: string;
  readonly keys: readonly SigningKey[];
  readonly now: Date;
  readonly toleranceSeconds?: number | undefined;
}): SignatureCheck {
  if (input.header === undefined || input.header === '')
    return { valid: false, problem: 'missing' };
  const match = HEADER_PATTERN.exec(input.header.trim());
  if (match === null) return { valid: false, problem: 'malformed' };
  const timestamp = Number(match[1]);
  const given = Buffer.from(match[2] ?? '', 'hex');
  const tolerance = input.toleranceSeconds ?? DEFAULT_SIGNATURE_TOLERANCE_S;
  if (Math.abs(input.now.getTime() / 1000 - timestamp) > tolerance) {
    return { valid: false, problem: 'stale' };
  }
  for (const key of input.keys) {
    const expected = Buffer.from(signatureDigest(key.secret, timestamp, input.body), 'hex');
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      return { valid: true, keyId: key.keyId, timestamp };
    }
  }
  return { valid: false, problem: 'mismatch' };
}

/** The header of an outgoing webhook that carries its event id (README "Webhooks"). */
export const EVENT_ID_HEADER = 'cashdesk-event-id';

/** The header of an outgoing webhook that carries its event type. */
export const EVENT_TYPE_HEADER = 'cashdesk-event-type';

/** The header of an outgoing webhook that counts its delivery attempts (1 for the first). */
export const ATTEMPT_HEADER = 'cashdesk-delivery-attempt';

/** The first value of a header in a Node-style header map (names in any case). */
function headerValue(
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
  name: string,
): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    return typeof value === 'string' ? value : value?.[0];
  }
  return undefined;
}

/**
 * Verifies a webhook as its receiver gets it: the `Cashdesk-Signature` header against the raw
 * body, with the receiver's current secrets (two during a rotation; the one the
 * `Cashdesk-Key-Id` header names is tried first), refusing a timestamp further than
 * `toleranceSeconds` (default 300) from `now`. Verify before parsing the body.
 */
export function verifyWebhookSignature(input: {
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly rawBody: string;
  readonly keys: readonly SigningKey[];
  readonly now: Date;
  readonly toleranceSeconds?: number | undefined;
}): SignatureCheck {
  const keyId = headerValue(input.headers, KEY_ID_HEADER);
  const keys = [...input.keys].sort(
    (a, b) => Number(b.keyId === keyId) - Number(a.keyId === keyId),
  );
  return verifySignature({
    header: headerValue(input.headers, SIGNATURE_HEADER),
    body: input.rawBody,
    keys,
    now: input.now,
    toleranceSeconds: input.toleranceSeconds,
  });
}
