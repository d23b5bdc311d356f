/**
 * Building blocks shared by every request and response of the cashier-service (SPEC §3, §6,
 * §7, §8): the error body, decimal money strings, currencies, identifiers and the headers.
 *
 * @packageDocumentation
 */
import { FILE_MAX_BYTES } from '@cashdesk/domain';
import * as z from 'zod/mini';

/** SPEC §3, §5: a non-negative decimal written out in full (no sign, exponent or grouping). */
export const DECIMAL_PATTERN = /^(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;

/** Longest decimal text accepted: 12 integer and 10 decimal digits (SPEC §9) with room to spare. */
export const DECIMAL_MAX_LENGTH = 40;

/**
 * SPEC §3, docs/architecture.md "money is a decimal string": an amount, fee, limit, balance or bonus
 * value. Never a JSON number on the wire (the one exception is the payment request's amount,
 * see {@link SubmitAmount}).
 */
export const Decimal = z.string().check(
  z.regex(DECIMAL_PATTERN, 'a non-negative decimal string such as "10.50"'),
  z.maxLength(DECIMAL_MAX_LENGTH),
  z.meta({
    id: 'Decimal',
    description:
      'A non-negative decimal amount as a string, e.g. "10.50" (SPEC §3, §5). No sign, exponent, grouping or surrounding space. Money is never a JSON number.',
    examples: ['10.50'],
  }),
);
/** A decimal money string. */
export type Decimal = z.infer<typeof Decimal>;

/** SPEC §3: a currency's alpha3 code (ISO 4217). */
export const Currency = z.string().check(
  z.regex(/^[A-Z]{3}$/, 'three upper-case letters (ISO 4217 alpha3)'),
  z.meta({
    id: 'Currency',
    description: 'ISO 4217 alpha3 currency code, e.g. "EUR" (SPEC §3 currencies[].alpha3).',
    examples: ['EUR'],
  }),
);
/** A currency alpha3 code. */
export type Currency = z.infer<typeof Currency>;

/** Characters of opaque tokens: session ids, idempotency keys, transaction and document ids. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * SPEC §1, §6: the session identifier carried by every call in the x-session-id header. Designed
 * here (the spec does not show its format): an opaque token of 8 to 128 characters.
 */
export const SessionId = z.string().check(
  z.minLength(8),
  z.maxLength(128),
  z.regex(TOKEN_PATTERN, 'letters, digits, "_" or "-"'),
  z.meta({
    id: 'SessionId',
    description:
      'Opaque session identifier, 8-128 characters of [A-Za-z0-9_-] (SPEC §1, §6; the format is not shown in the spec and chosen here).',
  }),
);
/** A session id. */
export type SessionId = z.infer<typeof SessionId>;

/**
 * docs/architecture.md "a submit is never sent twice": the Idempotency-Key header of submit and
 * upload, 8 to 128 characters of [A-Za-z0-9_-]. A repeat with the same key returns the first
 * result.
 */
export const IdempotencyKey = z.string().check(
  z.minLength(8),
  z.maxLength(128),
  z.regex(TOKEN_PATTERN, 'letters, digits, "_" or "-"'),
  z.meta({
    id: 'IdempotencyKey',
    description:
      'Client-chosen key of one submit or upload, 8-128 characters of [A-Za-z0-9_-]. A repeat with the same key and body returns the first result; the same key with another body answers error 1007.',
  }),
);
/** An idempotency key. */
export type IdempotencyKey = z.infer<typeof IdempotencyKey>;

/** SPEC §3: a pay group id as it appears in a path (`{payGroupId}`), a positive integer in text. */
export const PayGroupIdParam = z.string().check(
  z.regex(/^[1-9][0-9]{0,9}$/, 'a positive integer'),
  z.meta({
    id: 'PayGroupIdParam',
    description:
      'Pay group id in a path: a positive integer written in decimal digits (SPEC §3 pay group id).',
  }),
);

/** SPEC §3: a pay group id in a JSON body. */
export const PayGroupId = z.number().check(z.int(), z.gte(1), z.lte(2_147_483_647));

/**
 * An opaque server identifier (transaction, document, card, requisite, bet shop): 1 to 64
 * characters of [A-Za-z0-9_-]. Designed here: the spec does not show id formats.
 */
export const OpaqueId = z
  .string()
  .check(z.minLength(1), z.maxLength(64), z.regex(TOKEN_PATTERN, 'letters, digits, "_" or "-"'));

/** A transaction id (designed: opaque text). */
export const TransactionId = z.string().check(
  z.minLength(1),
  z.maxLength(64),
  z.regex(TOKEN_PATTERN, 'letters, digits, "_" or "-"'),
  z.meta({
    id: 'TransactionId',
    description: 'Opaque transaction identifier (designed; the spec does not show its format).',
  }),
);
/** The type of {@link TransactionId}. */
export type TransactionId = z.infer<typeof TransactionId>;

/** A date-time in ISO 8601 with a zone, e.g. "2025-01-31T12:00:00.000Z". */
export const DateTime = z.iso.datetime({ offset: true });

/** An absolute http(s) address. */
export const Url = z
  .string()
  .check(z.maxLength(2048), z.regex(/^https?:\/\/\S+$/, 'an absolute http(s) URL'));

/** An absolute http(s) address or a path on the same host (merchant URLs may be either). */
export const UrlOrPath = z
  .string()
  .check(
    z.maxLength(2048),
    z.regex(/^(?:https?:\/\/|\/)\S*$/, 'an absolute http(s) URL or a path'),
  );

/** SPEC §8: the wire error code, decimal digits (e.g. "17", "1206"). */
export const ErrorCode = z.string().check(z.regex(/^[0-9]{1,6}$/, 'decimal digits'));
/** The type of {@link ErrorCode}. */
export type ErrorCode = z.infer<typeof ErrorCode>;

/** SPEC §3 contact type enumeration: where a one-time code goes. */
export const CONTACT_TYPES = ['email', 'phone'] as const;

/**
 * SPEC §8: every error the server answers. `error_message` is a message key the widget
 * translates; `error_field` names the offending request field when one is to blame.
 */
export const ErrorBody = z
  .object({
    error_code: ErrorCode,
    error_message: z.string().check(z.minLength(1), z.maxLength(500)),
    error_field: z.optional(z.string().check(z.maxLength(200))),
    attempts_left: z.optional(z.number().check(z.int(), z.gte(0))),
    block_until: z.optional(DateTime),
    resend_after: z.optional(z.number().check(z.int(), z.gte(0))),
    masked_contact: z.optional(z.string().check(z.maxLength(200))),
    contact_type: z.optional(z.enum(CONTACT_TYPES)),
  })
  .check(
    z.meta({
      id: 'ErrorBody',
      description:
        'Error answer of every call (SPEC §8): error_code is a code of the ErrorCodes table, error_message its message key (translated by the widget), error_field the request field at fault when there is one (e.g. "body.amount", "file"). Only the one-time code errors carry more (designed): attempts_left (1401 wrong code, 1402), block_until (1402: verification blocked until then) and resend_after (1403: seconds until another code may be asked for), with the 1403 of a payout account also masked_contact and contact_type: where the code still valid was sent, so the player types it instead of waiting.',
    }),
  );
/** SPEC §8: an error answer. */
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * SPEC §6: the session header of every call. Fastify lower-cases header names, hence the key.
 * A missing, unknown or expired session answers error 17 (not a 400): servers check it in a
 * hook rather than through request validation.
 */
export const SessionHeaders = z.object({ 'x-session-id': SessionId });
/** SPEC §6: the session header. */
export type SessionHeaders = z.infer<typeof SessionHeaders>;

/** Submit, upload and reversal headers: the Idempotency-Key (lower-cased as Fastify sees it); the server answers 1012 when it is missing. */
export const IdempotencyHeaders = z.object({ 'idempotency-key': z.optional(IdempotencyKey) });
/** Submit and upload headers. */
export type IdempotencyHeaders = z.infer<typeof IdempotencyHeaders>;

/** SPEC §5, §9: the upload size limit in bytes (from @cashdesk/domain). */
export const UPLOAD_MAX_BYTES = FILE_MAX_BYTES;

/** Empty JSON object, for calls whose answer carries nothing but success. */
export const EmptyObject = z.object({});
