/**
 * The stable error code table of the cashier-service (SPEC §8). Every error the server answers
 * is `{error_code, error_message}` where `error_code` is one of these codes and `error_message`
 * the message key the widget translates. Codes never change meaning once published; new
 * problems get new codes.
 *
 * @packageDocumentation
 */
import { MESSAGE_KEYS } from '@cashdesk/domain';

/** One row of the error table. */
export interface ErrorDefinition {
  /** Wire code, a decimal string (SPEC §8 uses numeric codes such as 17 and 1206). */
  readonly code: string;
  /** HTTP status the server answers with. */
  readonly status: number;
  /** Message key sent as error_message and translated by the widget. */
  readonly messageKey: string;
  /** What the code means, for operators reading the OpenAPI document. */
  readonly description: string;
}

function define(
  code: string,
  status: number,
  messageKey: string,
  description: string,
): ErrorDefinition {
  return { code, status, messageKey, description };
}

/** SPEC §8: every error code the cashier-service answers with. */
export const ERROR_CODES = {
  sessionExpired: define(
    '17',
    401,
    MESSAGE_KEYS.sessionExpired,
    'The x-session-id header is missing, unknown or expired (SPEC §6, §8). The widget shows the session-expired screen.',
  ),
  malformedRequest: define(
    '1001',
    400,
    'CASHIER.ERROR.MALFORMED_REQUEST',
    'The body is not valid JSON or not the expected shape at all.',
  ),
  invalidField: define(
    '1002',
    400,
    'CASHIER.ERROR.INVALID_FIELD',
    'A field of the request is missing or invalid; error_field names it.',
  ),
  unknownPayGroup: define(
    '1003',
    404,
    'CASHIER.ERROR.UNKNOWN_PAY_GROUP',
    'No pay group with that id is offered to this session in this flow.',
  ),
  bodyTooLarge: define(
    '1004',
    413,
    'CASHIER.ERROR.BODY_TOO_LARGE',
    'The request body is larger than the server accepts.',
  ),
  uploadType: define(
    '1005',
    415,
    MESSAGE_KEYS.uploadError,
    'The uploaded file is not a pdf, heic, jpeg or png (checked by its bytes, not its name).',
  ),
  uploadTooLarge: define(
    '1006',
    413,
    MESSAGE_KEYS.uploadLimitError,
    'The uploaded file is larger than 20971520 bytes (SPEC §5, §9).',
  ),
  idempotencyConflict: define(
    '1007',
    422,
    'CASHIER.ERROR.IDEMPOTENCY_CONFLICT',
    'The Idempotency-Key was already used with a different request body.',
  ),
  idempotencyInProgress: define(
    '1011',
    409,
    'CASHIER.ERROR.IDEMPOTENCY_IN_PROGRESS',
    'A request with the same Idempotency-Key is still being processed; retry with the same key shortly.',
  ),
  idempotencyKeyRequired: define(
    '1012',
    400,
    'CASHIER.ERROR.IDEMPOTENCY_KEY_REQUIRED',
    'A submit, upload or reversal was sent without an Idempotency-Key header (8-128 characters of [A-Za-z0-9_-], one per payment attempt). Without it a retried request could pay twice, so it is refused.',
  ),
  rateLimited: define(
    '1013',
    429,
    'CASHIER.ERROR.TOO_MANY_REQUESTS',
    'Too many requests: a session made more calls of a money endpoint (submit, upload, recurring check, one-time codes, reversal, payout account creation) than the server allows in its window, or the client address sent too many unknown or expired session ids. The Retry-After header says in how many seconds to try again.',
  ),
  uploadQuotaExceeded: define(
    '1014',
    409,
    'CASHIER.ERROR.UPLOAD_QUOTA',
    'The transaction (or the documents waiting for one) already holds as many documents, or as many bytes of them, as the server accepts; the upload is not stored.',
  ),
  requestTimeout: define(
    '1015',
    408,
    'CASHIER.ERROR.REQUEST_TIMEOUT',
    'The request did not arrive in time (its headers, or the whole request with its body); the connection is closed. Nothing of it was processed.',
  ),
  uploadStorageUnavailable: define(
    '1016',
    503,
    'CASHIER.ERROR.UPLOAD_STORAGE_UNAVAILABLE',
    "The storage that keeps uploaded documents (the server's object storage) could not be reached, or refused the write or the read. An upload stored nothing and recorded no document: send the file again in a moment with the same Idempotency-Key. A download (operator API) sent nothing: ask again in a moment.",
  ),
  notFound: define(
    '1008',
    404,
    'CASHIER.ERROR.NOT_FOUND',
    'The card, account, transaction or page does not exist for this player.',
  ),
  methodUnavailable: define(
    '1009',
    409,
    'CASHIER.ERROR.METHOD_UNAVAILABLE',
    'The pay group is disabled or restricted for this player right now (SPEC §4).',
  ),
  invalidAmount: define(
    '1010',
    400,
    MESSAGE_KEYS.incorrectAmount,
    'The amount is not a positive decimal within the method limits and currency precision (SPEC §5).',
  ),
  insufficientBalance: define(
    '1206',
    409,
    MESSAGE_KEYS.withdrawalBalance,
    'The withdrawal amount exceeds the balance, the balance is not positive, or it is under the minimum (SPEC §5).',
  ),
  payoutAccountNotVerified: define(
    '1207',
    409,
    'CASHIER.ERROR.PAYOUT_ACCOUNT_NOT_VERIFIED',
    'The withdrawal goes to a payout account that must first be verified with a one-time code (SPEC §4 withdrawal verification).',
  ),
  paymentDeclined: define(
    '1301',
    402,
    'CASHIER.ERROR.PAYMENT_DECLINED',
    'The payment provider declined the payment. Carried as error_code of the pay session (HTTP 200, result_status error) so the decline page settings travel with it; 402 is its status should a call answer it as an error.',
  ),
  otpInvalid: define(
    '1401',
    400,
    'CASHIER.ERROR.OTP_INVALID',
    'The one-time code is wrong or expired.',
  ),
  otpBlocked: define(
    '1402',
    429,
    'CASHIER.ERROR.OTP_BLOCKED',
    'Too many wrong codes or resend requests: verification is blocked until block_until.',
  ),
  otpResendTooSoon: define(
    '1403',
    429,
    'CASHIER.ERROR.OTP_RESEND_TOO_SOON',
    'A new code was asked for before the resend timer ran out.',
  ),
  otpNotSent: define(
    '1404',
    503,
    'CASHIER.ERROR.OTP_NOT_SENT',
    "The one-time code could not be handed to the operator's messaging service (it did not answer in time, failed or refused the message, or no sender is configured). The request is not counted against the code limits: ask for a code again.",
  ),
  nothingToReverse: define(
    '1501',
    409,
    'CASHIER.ERROR.NOTHING_TO_REVERSE',
    'There is no pending withdrawal to reverse.',
  ),
  walletUnavailable: define(
    '1601',
    503,
    'CASHIER.ERROR.WALLET_UNAVAILABLE',
    "The operator's wallet, which keeps the player's balance, did not answer (or does not know the player), so the balance cannot be shown or a withdrawal checked against it. Nothing was moved; try again in a moment.",
  ),
  webhookSignatureInvalid: define(
    '1701',
    401,
    'CASHIER.ERROR.MALFORMED_REQUEST',
    "A payment provider's webhook (POST /api/providers/{connector}/webhook) whose signature is missing, malformed, older or newer than the tolerance, or made with another secret. Nothing was applied. Answered to the provider, never to a player (so it shares a player message key).",
  ),
  webhookTooEarly: define(
    '1702',
    409,
    'CASHIER.ERROR.IDEMPOTENCY_IN_PROGRESS',
    "A payment provider's webhook reports a refund or chargeback of a payment whose success has not reached the cashier yet. Nothing was applied; the provider delivers it again later (it retries until a 2xx), by when the payment's result has arrived.",
  ),
  operatorKeyInvalid: define(
    '1801',
    401,
    'OPERATOR.ERROR.KEY_INVALID',
    'Operator API: the Authorization header is missing, not "Bearer <key>", or names a key that does not exist or was revoked. Nothing was read or written.',
  ),
  operatorScopeMissing: define(
    '1802',
    403,
    'OPERATOR.ERROR.SCOPE_MISSING',
    "Operator API: the key is valid but lacks the call's scope (or the call needs the administrator key). Nothing was read or written.",
  ),
  operatorNotFound: define(
    '1803',
    404,
    'OPERATOR.ERROR.NOT_FOUND',
    "Operator API: no such resource in the key's brand (a resource of another brand is answered the same way, so a key learns nothing of other brands).",
  ),
  operatorVersionConflict: define(
    '1804',
    409,
    'OPERATOR.ERROR.VERSION_CONFLICT',
    "Operator API: the configuration changed since the version the request's If-Match names (another write came first). Nothing was written; read the current version and apply the change again.",
  ),
  operatorConflict: define(
    '1805',
    409,
    'OPERATOR.ERROR.CONFLICT',
    'Operator API: the request conflicts with what exists (a brand id already taken, a payout no longer awaiting approval). Nothing was written; error_field or the message says what.',
  ),
  // --- sessions, players and transactions of the operator API (1810-1819) ---
  playerBlocked: define(
    '1810',
    403,
    'CASHIER.ERROR.PLAYER_BLOCKED',
    'Operator API: the player is blocked (POST /players/{external_id}/block), so no session is created for them. Unblock the player first. Nothing was written.',
  ),
  playerVerificationRequired: define(
    '1811',
    403,
    'CASHIER.ERROR.VERIFICATION_REQUIRED',
    "The brand's verification rules require a verified player for this flow (GET /api/operator/v1/verification-rules) and this player is not verified. Nothing was charged or reserved; the widget shows the message translated.",
  ),
  // --- the brand configuration layer, codes 1820-1829 ---
  configPayGroupInUse: define(
    '1820',
    409,
    'OPERATOR.ERROR.PAY_GROUP_IN_USE',
    'Operator API: the pay group has transactions, so it cannot be deleted (its payments keep their method). Nothing was written; disable it instead (enabled false).',
  ),
  // --- appearance (themes, logos, text overrides), codes 1830-1839 ---
  appearanceThemeUnknown: define(
    '1830',
    400,
    'OPERATOR.ERROR.THEME_UNKNOWN',
    "Operator API: the brand's default theme must be one of its themes or a built-in one (brand0, brand1); error_field names the theme. Nothing was written.",
  ),
  appearanceThemeInUse: define(
    '1831',
    409,
    'OPERATOR.ERROR.THEME_IN_USE',
    "Operator API: the theme is the brand's default theme and cannot be deleted; make another theme the default first. Nothing was written.",
  ),
  appearanceLogoInvalid: define(
    '1832',
    400,
    'OPERATOR.ERROR.LOGO_INVALID',
    'Operator API: the logo is not what its media type says (a PNG by its signature, an SVG document), is larger than 65536 bytes, or is an SVG with scripts, event attributes, foreignObject, entities or references outside itself. Nothing was written.',
  ),
  // --- the operator's money operations (refunds, cancellations, adjustments), codes 1840-1849 ---
  refundNotAllowed: define(
    '1840',
    409,
    'OPERATOR.ERROR.REFUND_NOT_ALLOWED',
    'Operator API: the transaction cannot be refunded: it is not a succeeded deposit (still open, failed, a withdrawal), it was refunded in full or charged back, or its connector does not refund. Nothing was held or sent.',
  ),
  refundExceedsCaptured: define(
    '1841',
    409,
    'OPERATOR.ERROR.REFUND_EXCEEDS_CAPTURED',
    'Operator API: the refund is more than what remains refundable: what the deposit charged less its refunds that did not fail (error_field amount). Nothing was held or sent.',
  ),
  balanceTooLow: define(
    '1842',
    409,
    'OPERATOR.ERROR.BALANCE_TOO_LOW',
    "Operator API: the player's balance does not hold what the refund or debit takes back (the player spent or withdrew it). Nothing moved; send allow_negative_balance true to take the balance below zero.",
  ),
  adjustmentNotAllowed: define(
    '1843',
    409,
    'OPERATOR.ERROR.ADJUSTMENT_NOT_ALLOWED',
    'Operator API: manual adjustments are for brands whose balances the cashier keeps (the internal ledger); a brand on its own wallet adjusts balances there. Nothing moved.',
  ),
  cancelNotAllowed: define(
    '1844',
    409,
    'OPERATOR.ERROR.CANCEL_NOT_ALLOWED',
    'Operator API: the transaction cannot be cancelled: it is final, or the provider no longer lets it be (it was paid or settled meanwhile: the transaction then shows that result). Nothing else changed.',
  ),
  // --- the back office: staff sign-in and access, codes 1850-1859 ---
  staffCredentialsInvalid: define(
    '1850',
    401,
    'BACK_OFFICE.ERROR.CREDENTIALS_INVALID',
    'Back office: the e-mail address or the password is wrong (both answered alike, so an address cannot be probed). The failure counts towards the lockout of the account.',
  ),
  staffLocked: define(
    '1851',
    429,
    'BACK_OFFICE.ERROR.LOCKED',
    'Back office: too many failed sign-ins; the account is locked for a while (Retry-After says how long). A correct password is refused too until then.',
  ),
  staffSecondFactorRequired: define(
    '1852',
    401,
    'BACK_OFFICE.ERROR.SECOND_FACTOR_REQUIRED',
    'Back office: the session has not given the second factor yet (or must set one up first), so the call is refused. Nothing was read or written.',
  ),
  staffSignedOut: define(
    '1853',
    401,
    'BACK_OFFICE.ERROR.SIGNED_OUT',
    'Back office: there is no staff session, or it ended (idle or absolute time-out, signed out, password changed, account disabled). Sign in again. Nothing was read or written.',
  ),
  staffSecondFactorInvalid: define(
    '1854',
    401,
    'BACK_OFFICE.ERROR.SECOND_FACTOR_INVALID',
    "Back office: the authenticator app's code is wrong or too old. The failure counts towards the lockout of the account.",
  ),
  staffCsrfInvalid: define(
    '1855',
    403,
    'BACK_OFFICE.ERROR.CSRF_INVALID',
    "Back office: a call that changes something under the staff session did not carry the session's x-csrf-token (or came from another origin). Nothing was written.",
  ),
  staffPermissionMissing: define(
    '1856',
    403,
    'BACK_OFFICE.ERROR.PERMISSION_MISSING',
    "Back office: the staff member's role does not allow this call (or it concerns another brand than theirs). Nothing was read or written.",
  ),
  staffLinkInvalid: define(
    '1857',
    400,
    'BACK_OFFICE.ERROR.LINK_INVALID',
    'Back office: the invitation or password reset link is unknown, was used already or expired. Ask for a new one.',
  ),
  staffPasswordWeak: define(
    '1858',
    400,
    'BACK_OFFICE.ERROR.PASSWORD_WEAK',
    'Back office: the password is shorter than 12 characters or a commonly used one. Nothing was written; choose another.',
  ),
  staffBrandRequired: define(
    '1859',
    400,
    'BACK_OFFICE.ERROR.BRAND_REQUIRED',
    'Back office: an administrator calling a brand call names the brand with the x-brand-id header; it was missing or names no brand. Nothing was read or written.',
  ),
  // --- the back office's preview of a configuration, codes 1860-1869 ---
  previewCannotPay: define(
    '1860',
    403,
    'CASHIER.ERROR.PREVIEW_CANNOT_PAY',
    'Back office: this cashier is a preview of a configuration that is not saved yet (POST /api/back-office/v1/previews); it shows the methods, limits, texts and theme but never pays. Nothing was charged, reserved or sent to a provider.',
  ),
  sandboxOnly: define(
    '1901',
    404,
    'CASHIER.ERROR.NOT_FOUND',
    'The route exists only when the server runs in sandbox mode.',
  ),
  internal: define(
    '1999',
    500,
    'CASHIER.ERROR.INTERNAL',
    'An unexpected server error. Retry with the same Idempotency-Key: a payment it had already started is resumed and answered, never made twice.',
  ),
} as const satisfies Record<string, ErrorDefinition>;

/** Name of one error of {@link ERROR_CODES}. */
export type ErrorName = keyof typeof ERROR_CODES;
