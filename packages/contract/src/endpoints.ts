/**
 * The endpoint table of the cashier-service (SPEC §7): every call with its path, schemas,
 * answers and errors. The server registers its routes from it, the widget builds its paths from
 * it, and the OpenAPI document is generated from it.
 *
 * Base paths. SPEC §7 gives `/api/cashier-service/v1.0` as the default base and shows most paths
 * relative to it; those live under {@link CASHIER_BASE}. Choices where the spec is silent:
 * - route keeps the spec's own path without v1.0: {@link ROUTE_BASE}`/payments|payouts/groups/{paygroup_id}/route`;
 * - user-cards is relative to the default base: `/api/cashier-service/v1.0/user-cards`;
 * - the account-management service gets its own base {@link ACCOUNT_MANAGEMENT_BASE};
 * - content pages are served on the site root at `/content/{slug}`;
 * - metrics use the default base as the "metrics endpoint": `.../v1.0/payments/metrics`;
 * - rtlAssets.json stays at `/metadata/default/rtlAssets.json` on the host;
 * - sandbox-only routes live under `/sandbox`.
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import type { Endpoint } from './endpoint-types';
import { ERROR_CODES } from './errors';
import type { ErrorDefinition, ErrorName } from './errors';
import { DepositInitResponse, PayoutInitResponse } from './schemas/cashier';
import { ErrorBody, PayGroupIdParam, TransactionId, UrlOrPath } from './schemas/common';
import type { AnySchema } from './endpoint-types';
import { DepositMethodDetail, PayoutMethodDetail, SelectRequest } from './schemas/method-detail';
import { PaySession, SubmitRequest, UploadForm, UploadResponse } from './schemas/payment';
import {
  DepositRouteResponse,
  PaymentOtpRequest,
  PaymentOtpResponse,
  PayoutRouteResponse,
  ReversePendingWithdrawalResponse,
  RouteRequest,
} from './schemas/routing';
import { InteractionResponse, StatusResponse, ThreeDsResultRequest } from './schemas/alternative';
import { PaymentHistoryQuery, PaymentHistoryResponse } from './schemas/history';
import {
  DeleteCardRequest,
  DeleteCardResponse,
  RecurringCheckRequest,
  RecurringCheckResponse,
  TokenizeCardRequest,
  TokenizeCardResponse,
  UserCardsHeaders,
  UserCardsResponse,
} from './schemas/user-cards';
import { ContentPageResponse, ContentSlug, RtlAssetsResponse } from './schemas/content';
import {
  OtpSendRequest,
  OtpSendResponse,
  OtpVerifyRequest,
  OtpVerifyResponse,
  RequisiteCreateRequest,
  RequisiteCreateResponse,
  RequisiteDeleteParams,
  RequisiteDeleteResponse,
  SandboxOtpResponse,
} from './schemas/account-management';
import { MetricsRequest, MetricsResponse } from './schemas/metrics';
import {
  ClientReportHeaders,
  ClientReportRequest,
  ClientReportResponse,
} from './schemas/client-reports';
import { NotificationsResponse } from './schemas/notifications';
import { RealtimeTokenResponse } from './schemas/realtime';
import { AnalyticsCollectResponse, ClickstreamPublication } from './schemas/clickstream';
import { AppearanceQuery, AppearanceResponse } from './schemas/operator-appearance';
import {
  SandboxBalanceResponse,
  SandboxSessionRequest,
  SandboxSessionResponse,
} from './schemas/sandbox';

/** SPEC §7: the default base of the cashier-service. */
export const CASHIER_BASE = '/api/cashier-service/v1.0';
/** SPEC §7: the base of the route call, as the spec shows it (no version segment). */
export const ROUTE_BASE = '/api/cashier-service';
/** Base of the account-management service (SPEC §7 names the service, not its base; chosen). */
export const ACCOUNT_MANAGEMENT_BASE = '/api/account-management/v1.0';
/**
 * SPEC §7: the clickstream tracker's endpoint on the current host, and its analytics post path;
 * a tracker posts to the one followed by the other.
 */
const TRACKER_ENDPOINT = '/psp';
/** SPEC §7: the analytics path the tracker posts to, under its endpoint. */
const ANALYTICS_POST_PATH = '/cashier-service/analytics';
const ANALYTICS_COLLECTOR_PATH = `${TRACKER_ENDPOINT}${ANALYTICS_POST_PATH}`;

/** SPEC §7 icon address parameters: a theme name and an `ic_24_{name}.svg` file. */
const IconParams = z.object({
  theme: z.string().check(z.regex(/^[a-z0-9_-]{1,32}$/, 'a theme name such as brand0')),
  file: z
    .string()
    .check(z.regex(/^ic_24_[a-z_]{1,48}\.svg$/, 'an icon file such as ic_24_close.svg')),
});

/** Base of the sandbox-only routes. */
export const SANDBOX_BASE = '/sandbox';

/** Path parameters of the pay-group calls that SPEC §7 writes as {payGroupId}. */
export const PayGroupParams = z.object({ payGroupId: PayGroupIdParam });
/** Path parameters of route and otp, which SPEC §7 writes as {paygroup_id}. */
export const PaygroupIdParams = z.object({ paygroup_id: PayGroupIdParam });
/** Path parameters naming a transaction. */
export const TransactionParams = z.object({ transactionId: TransactionId });
/** Path parameters of a content page. */
export const ContentParams = z.object({ slug: ContentSlug });
/** Query of the sandbox 3-D Secure challenge page. */
export const ThreeDsChallengeQuery = z.object({ return_url: z.optional(UrlOrPath) });

/** The OpenAPI document as an answer (checked only for its version field). */
export const OpenApiDocumentSchema = z.looseObject({ openapi: z.string() });

const SUBMIT_ERRORS = [
  'unknownPayGroup',
  'methodUnavailable',
  'invalidAmount',
  'idempotencyConflict',
  'idempotencyInProgress',
  'idempotencyKeyRequired',
  'notFound',
  'bodyTooLarge',
] as const satisfies readonly ErrorName[];
const UPLOAD_ERRORS = [
  'unknownPayGroup',
  'uploadType',
  'uploadTooLarge',
  'uploadQuotaExceeded',
  'uploadStorageUnavailable',
  'idempotencyConflict',
  'idempotencyInProgress',
  'idempotencyKeyRequired',
  'notFound',
] as const satisfies readonly ErrorName[];

/** Builds one row; the generic keeps each row's exact schema types for the server and widget. */
function endpoint<const T extends Endpoint>(definition: T): T {
  return definition;
}

/** SPEC §7: every call of the cashier-service, by stable id. */
export const ENDPOINTS = {
  depositInit: endpoint({
    id: 'depositInit',
    method: 'GET',
    path: `${CASHIER_BASE}/payments/groups/init`,
    tag: 'deposit',
    summary: 'Deposit methods and cashier settings',
    description:
      'SPEC §7 GET /api/cashier-service/v1.0/payments/groups/init: the deposit method list (payment_groups) with the cashier settings, tax, bonuses, merchant URLs and balance (SPEC §3 "Cashier response"). The widget caches it for the session.',
    session: true,
    idempotencyKey: false,
    sandboxOnly: false,
    responses: {
      200: { description: 'The deposit cashier response.', schema: DepositInitResponse },
    },
    errors: [],
  }),
  depositSelect: endpoint({
    id: 'depositSelect',
    method: 'POST',
    path: `${CASHIER_BASE}/payments/groups/{payGroupId}/select`,
    tag: 'deposit',
    summary: 'Deposit method detail',
    description:
      'SPEC §7 POST payments/groups/{payGroupId}/select with {currency}: the method detail of one deposit pay group (SPEC §3 "Method detail"): limits, amount blocks, form fields. Cached per pay group by the widget.',
    session: true,
    idempotencyKey: false,
    sandboxOnly: false,
    params: PayGroupParams,
    body: SelectRequest,
    responses: { 200: { description: 'The method detail.', schema: DepositMethodDetail } },
    errors: ['unknownPayGroup', 'methodUnavailable'],
  }),
  depositSubmit: endpoint({
    id: 'depositSubmit',
    method: 'POST',
    path: `${CASHIER_BASE}/payments/groups/{payGroupId}/submit`,
    tag: 'deposit',
    summary: 'Submit a deposit',
    description:
      'SPEC §7 POST payments/groups/{payGroupId}/submit (SPEC §3 deposit submit body / payment request payload): creates the deposit transaction and answers its pay session, which says what the widget shows next (result, redirect, await, display form, upload, voucher). With an Idempotency-Key, a repeat returns the first answer and concurrent duplicates create one transaction.',
    session: true,
    idempotencyKey: true,
    sandboxOnly: false,
    params: PayGroupParams,
    body: SubmitRequest,
    responses: {
      200: {
        description: 'The pay session of the new (or repeated) transaction.',
        schema: PaySession,
      },
    },
    errors: SUBMIT_ERRORS,
  }),
  depositUpload: endpoint({
    id: 'depositUpload',
    method: 'POST',
    path: `${CASHIER_BASE}/payments/groups/{payGroupId}/upload`,
    tag: 'deposit',
    summary: 'Upload a document for a deposit',
    description:
      'SPEC §7 POST payments/groups/{payGroupId}/upload: stores a pdf, heic, jpeg or png document of at most 20971520 bytes (SPEC §5), recognised by its bytes, e.g. the receipt of a bank transfer. multipart/form-data with a binary `file` part. Nothing is written when it is refused.',
    session: true,
    idempotencyKey: true,
    sandboxOnly: false,
    params: PayGroupParams,
    body: UploadForm,
    bodyContentType: 'multipart/form-data',
    responses: { 200: { description: 'The stored document.', schema: UploadResponse } },
    errors: UPLOAD_ERRORS,
  }),
  payoutInit: endpoint({
    id: 'payoutInit',
    method: 'GET',
    path: `${CASHIER_BASE}/payouts/groups/init`,
    tag: 'payout',
    summary: 'Withdrawal methods and cashier settings',
    description:
      'SPEC §7 GET /api/cashier-service/v1.0/payouts/groups/init: the withdrawal method list (payout_groups) with the cashier settings, the pending withdrawal (withdrawal_reverse), tax and balance (SPEC §3 "Cashier response").',
    session: true,
    idempotencyKey: false,
    sandboxOnly: false,
    responses: {
      200: { description: 'The withdrawal cashier response.', schema: PayoutInitResponse },
    },
    errors: [],
  }),
  payoutSelect: endpoint({
    id: 'payoutSelect',
    method: 'POST',
    path: `${CASHIER_BASE}/payouts/groups/{payGroupId}/select`,
    tag: 'payout',
    summary: 'Withdrawal method detail',
    description:
      "SPEC §7 POST payouts/groups/{payGroupId}/select with {currency} (the spec does not show the path and method of the withdrawal method-info query; the deposit shape is mirrored): the method detail with the withdrawal additions and the player's payout accounts.",
    session: true,
    idempotencyKey: false,
    sandboxOnly: false,
    params: PayGroupParams,
    body: SelectRequest,
    responses: {
      200: { description: 'The withdrawal method detail.', schema: PayoutMethodDetail },
    },
    errors: ['unknownPayGroup', 'methodUnavailable'],
  }),
  payoutSubmit: endpoint({
    id: 'payoutSubmit',
    method: 'POST',
    path: `${CASHIER_BASE}/payouts/groups/{payGroupId}/submit`,
    tag: 'payout',
    summary: 'Submit a withdrawal',
    description:
      'SPEC §7 POST payouts/groups/{payGroupId}/submit (SPEC §4 submit routes): reserves the amount from the balance in the same database transaction that checks it, creates the withdrawal and answers its pay session. Error 1206 when the amount exceeds the balance, the balance is not positive or below the minimum (SPEC §5). Idempotency as for deposits.',
    session: true,
    idempotencyKey: true,
    sandboxOnly: false,
    params: PayGroupParams,
    body: SubmitRequest,
    responses: { 200: { description: 'The pay session of the withdrawal.', schema: PaySession } },
    errors: [...SUBMIT_ERRORS, 'insufficientBalance', 'payoutAccountNotVerified'],
  }),
  payoutUpload: endpoint({
    id: 'payoutUpload',
    method: 'POST',
    path: `${CASHIER_BASE}/payouts/groups/{payGroupId}/upload`,
    tag: 'payout',
    summary: 'Upload a document for a withdrawal',
    description:
      'Withdrawal document upload (SPEC §7 says the withdrawal upload call is not shown; designed to mirror payments/groups/{payGroupId}/upload): same multipart form, limits and answer.',
    session: true,
    idempotencyKey: true,
    sandboxOnly: false,
    params: PayGroupParams,
    body: UploadForm,
    bodyContentType: 'multipart/form-data',
    responses: { 200: { description: 'The stored document.', schema: UploadResponse } },
    errors: UPLOAD_ERRORS,
  }),
  depositRoute: endpoint({
    id: 'depositRoute',
    method: 'POST',
    path: `${ROUTE_BASE}/payments/groups/{paygroup_id}/route`,
    tag: 'deposit',
    summary: 'Route a deposit form to its next fields',
    description:
      'SPEC §7 POST /api/cashier-service/payments/groups/{paygroup_id}/route (path as the spec shows it, without v1.0): for a routable method (is_routable), sends the form entered so far and answers the fields to show next, mapped as form fields.',
    session: true,
    idempotencyKey: false,
    sandboxOnly: false,
    params: PaygroupIdParams,
    body: RouteRequest,
    responses: { 200: { description: 'The next fields.', schema: DepositRouteResponse } },
    errors: ['unknownPayGroup', 'methodUnavailable'],
  }),
  payoutRoute: endpoint({
    id: 'payoutRoute',
    method: 'POST',
    path: `${ROUTE_BASE}/payouts/groups/{paygroup_id}/route`,
    tag: 'payout',
    summary: 'Route a withdrawal form to its next fields',
    description:
      'SPEC §7: the route call "payouts/groups/... when not a deposit page": as depositRoute for a withdrawal pay group; fields are withdrawal field definitions.',
    session: true,
    idempotencyKey: false,
    sandboxOnly: false,
    params: PaygroupIdParams,
    body: RouteRequest,
    responses: { 200: { description: 'The next fields.', schema: PayoutRouteResponse } },
    errors: ['unknownPayGroup', 'methodUnavailable'],
  }),
  depositOtp: endpoint({
    id: 'depositOtp',
    method: 'POST',
    path: `${CASHIER_BASE}/payments/groups/{paygroup_id}/otp`,
    tag: 'deposit',
    summary: 'Send a one-time code for a payment',
    description:
      'SPEC §7 POST payments/groups/{paygroup_id}/otp with the request fields (without paygroup_id): sends a one-time code to the requisite of the is_otp_requisites field; the player types it into field_name and submits. Answers status, error, can_resend, error_code and error_message; a refused send is a 200 with status failed or blocked, and a code the messaging service could not take is a 200 with status failed and error_code 1404 (nothing counted: ask again at once).',
    session: true,
    idempotencyKey: false,
    sandboxOnly: false,
    params: PaygroupIdParams,
    body: PaymentOtpRequest,
    responses: { 200: { description: 'Whether the code was sent.', schema: PaymentOtpResponse } },
    errors: ['unknownPayGroup', 'methodUnavailable'],
  }),
  reversePendingWithdrawal: endpoint({
    id: 'reversePendingWithdrawal',
    method: 'GET',
    path: `${CASHIER_BASE}/payments/reverse-pending-withdrawal`,
    tag: 'payout',
    summary: 'Cancel the pending withdrawal',
    description:
      'SPEC §7 GET payments/reverse-pending-withdrawal (GET as the spec shows it, although it changes state, so it takes an Idempotency-Key like a submit): returns the still-reversible part of the pending withdrawals to the balance, each in one database transaction: a withdrawal not yet sent to the provider, or one the provider cancelled. Answers success_amount and fail_amount (what is on its way and could not be reversed); error 1501 when nothing is pending.',
    session: true,
    idempotencyKey: true,
    sandboxOnly: false,
    responses: {
      200: { description: 'What was reversed.', schema: ReversePendingWithdrawalResponse },
    },
    errors: [
      'nothingToReverse',
      'idempotencyConflict',
      'idempotencyInProgress',
      'idempotencyKeyRequired',
    ],
  }),
  altInteraction: endpoint({
    id: 'altInteraction',
    method: 'GET',
    path: `${CASHIER_BASE}/payments/interaction/{transactionId}`,
    tag: 'alternative-payments',
    summary: 'Interaction data of an alternative payment',
    description:
      "SPEC §7 GET payments/interaction with the identifier from the last path segment of the widget's /payments/interaction/{id} route (SPEC §2); the identifier is the transaction id, placed as the last segment of the call's path too (chosen: the spec does not say how it travels). Answers the instructions and provider page of the payment.",
    session: true,
    idempotencyKey: false,
    sandboxOnly: false,
    params: TransactionParams,
    responses: { 200: { description: 'The interaction data.', schema: InteractionResponse } },
    errors: ['notFound'],
  }),
  altStatus: endpoint({
    id: 'altStatus',
    method: 'GET',
    path: `${CASHIER_BASE}/payments/status/{transactionId}`,
    tag: 'alternative-payments',
    summary: 'Poll the status of a payment',
    description:
      'SPEC §7 GET payments/status with the same identifier as interaction (the transaction id, last path segment): the status poll of an awaiting or processing payment; terminal and next_poll_ms tell the widget whether and when to ask again.',
    session: true,
    idempotencyKey: false,
    sandboxOnly: false,
    params: TransactionParams,
    responses: { 200: { description: 'The status.', schema: StatusResponse } },
    errors: ['notFound'],
  }),
  alt3dsResult: endpoint({
    id: 'alt3dsResult',
    method: 'POST',
    path: `${CASHIER_BASE}/payments/3ds-result`,
    tag: 'alternative-payments',
    summary: 'Complete a payment after 3-D Secure',
    description:
      'SPEC §7 POST payments/3ds-result with the body passed through from the challenge: finishes the payment with the provider and answers its final pay session (the spec does not show the result; designed as the pay session of submit). Repeating it for a finished payment answers the same pay session.',
    session: true,
    idempotencyKey: false,
    sandboxOnly: false,
    body: ThreeDsResultRequest,
    responses: { 200: { description: 'The final pay session.', schema: PaySession } },
    errors: ['notFound'],
  }),
  paymentHistory: endpoint({
    id: 'paymentHistory',
    method: 'GET',
    path: `${CASHIER_BASE}/payments/history`,
    tag: 'history',
    summary: "The player's pending payments and history",
    description:
      "Not in SPEC §7: the session player's payments of the session's brand, both flows, the open ones (not final yet) first and then the final ones, each part newest first; limit payments a page (default 10, SPEC §9 default page size; at most 50), next_cursor passed back as cursor for the next page. An open payment carries its pay session, so the widget resumes it as after its submit: the QR code or bank transfer of a display form, a cash voucher, a 3-D Secure challenge, or the status of a payment under way. Only the player's own payments; never card data. A cursor the server did not make is 400 naming query.cursor.",
    session: true,
    idempotencyKey: false,
    sandboxOnly: false,
    query: PaymentHistoryQuery,
    responses: { 200: { description: 'A page of payments.', schema: PaymentHistoryResponse } },
    errors: [],
  }),
  userCardsList: endpoint({
    id: 'userCardsList',
    method: 'GET',
    path: `${CASHIER_BASE}/user-cards`,
    tag: 'user-cards',
    summary: 'List saved cards',
    description:
      "SPEC §7 GET /user-cards (base chosen: the default /api/cashier-service/v1.0): the player's saved cards. The widget adds X-Fingerprint when a fingerprint is stored under PH_fingerprint.",
    session: true,
    idempotencyKey: false,
    sandboxOnly: false,
    headers: UserCardsHeaders,
    responses: { 200: { description: 'The saved cards.', schema: UserCardsResponse } },
    errors: [],
  }),
  userCardsDelete: endpoint({
    id: 'userCardsDelete',
    method: 'DELETE',
    path: `${CASHIER_BASE}/user-cards`,
    tag: 'user-cards',
    summary: 'Delete a saved card',
    description:
      'SPEC §7 DELETE /user-cards with {card_id, withholding_type: Payment}: removes a saved card. A card of another player answers 404 (error 1008) exactly like an unknown one.',
    session: true,
    idempotencyKey: false,
    sandboxOnly: false,
    body: DeleteCardRequest,
    responses: { 200: { description: 'The card was removed.', schema: DeleteCardResponse } },
    errors: ['notFound'],
  }),
  userCardsTokenize: endpoint({
    id: 'userCardsTokenize',
    method: 'POST',
    path: `${CASHIER_BASE}/user-cards`,
    tag: 'user-cards',
    summary: 'Save a card without a payment',
    description:
      "SPEC §1, §2 tokenization page (designed: the spec shows the page, not its call): the card goes to the card pay group's payment provider as a card deposit's save-card does, in a verification of zero that moves no money, and the token the provider gives is saved like a paid card's; the card number and security code are never stored or logged. A card the SPEC §5 rules refuse answers 400 naming the field. The provider's decline, a bank that asks for a confirmation only a payment can carry, or no answer are results, not errors (see TokenizeCardResponse). Idempotency-Key required: a repeat answers the first result.",
    session: true,
    idempotencyKey: true,
    sandboxOnly: false,
    body: TokenizeCardRequest,
    responses: { 200: { description: 'What came of it.', schema: TokenizeCardResponse } },
    errors: ['unknownPayGroup', 'methodUnavailable', 'rateLimited'],
  }),
  userCardsRecurringCheck: endpoint({
    id: 'userCardsRecurringCheck',
    method: 'POST',
    path: `${CASHIER_BASE}/user-cards/recurring-check`,
    tag: 'user-cards',
    summary: 'Check a saved-card payment',
    description:
      'SPEC §7 POST /user-cards/recurring-check with {user_card_id, amount}: whether the saved card may pay the amount and whether the CVV is needed (SPEC §5 CVV rule).',
    session: true,
    idempotencyKey: false,
    sandboxOnly: false,
    body: RecurringCheckRequest,
    responses: { 200: { description: 'The check.', schema: RecurringCheckResponse } },
    errors: ['notFound', 'invalidAmount'],
  }),
  contentPage: endpoint({
    id: 'contentPage',
    method: 'GET',
    path: '/content/{slug}',
    tag: 'content',
    summary: 'A content page',
    description:
      'SPEC §7 "GET {url} on the site root" for the /content page (SPEC §2): chosen as /content/{slug} on the cashier-service host. Plain-text sections, never HTML.',
    session: true,
    idempotencyKey: false,
    sandboxOnly: false,
    params: ContentParams,
    responses: { 200: { description: 'The page.', schema: ContentPageResponse } },
    errors: ['notFound'],
  }),
  requisiteCreate: endpoint({
    id: 'requisiteCreate',
    method: 'POST',
    path: `${ACCOUNT_MANAGEMENT_BASE}/requisite/create`,
    tag: 'account-management',
    summary: 'Create a payout account',
    description:
      'SPEC §7 POST /requisite/create of the account-management service (base chosen: /api/account-management/v1.0): saves a new payout account (requisite) and answers its requisite_id.',
    session: true,
    idempotencyKey: false,
    sandboxOnly: false,
    body: RequisiteCreateRequest,
    responses: { 200: { description: 'The new account.', schema: RequisiteCreateResponse } },
    errors: ['unknownPayGroup', 'methodUnavailable'],
  }),
  requisiteDelete: endpoint({
    id: 'requisiteDelete',
    method: 'DELETE',
    path: `${ACCOUNT_MANAGEMENT_BASE}/requisite/{requisiteId}`,
    tag: 'account-management',
    summary: 'Delete a payout account',
    description:
      'SPEC §2 payout entry "delete-account confirmation popup" (design note: the spec does not show how a payout account is removed; DELETE /user-cards is the card equivalent, so the account-management service gets DELETE /requisite/{requisiteId}). Removes one of the player\'s payout accounts: it no longer appears in payout_accounts of payouts/groups/{payGroupId}/select and a withdrawal submitted to it answers 404. Withdrawals already made to it keep their record. Another player\'s, an unknown or an already removed account answers 404 error 1008, as the other account routes do.',
    session: true,
    idempotencyKey: false,
    sandboxOnly: false,
    params: RequisiteDeleteParams,
    responses: {
      200: { description: 'The account was removed.', schema: RequisiteDeleteResponse },
    },
    errors: ['notFound'],
  }),
  otpSend: endpoint({
    id: 'otpSend',
    method: 'POST',
    path: `${ACCOUNT_MANAGEMENT_BASE}/otp/send`,
    tag: 'account-management',
    summary: 'Send a verification code',
    description:
      "SPEC §7 POST /otp/send with contact_type (and the requisite_id of the account to verify): sends a six-digit one-time code, valid 5 minutes, to the player's email or phone. Codes are stored hashed; at most max_request_count codes per verification, one more request blocks verification for block_duration seconds (error 1402 with block_until); asking again before resend_after seconds answers 1403 with resend_after. A requisite_id that is not the player's answers 1008. A code that could not be handed to the messaging service answers 1404 (503) and counts against no limit.",
    session: true,
    idempotencyKey: false,
    sandboxOnly: false,
    body: OtpSendRequest,
    responses: { 200: { description: 'The code was sent.', schema: OtpSendResponse } },
    errors: ['notFound', 'otpBlocked', 'otpResendTooSoon', 'otpNotSent'],
  }),
  otpVerify: endpoint({
    id: 'otpVerify',
    method: 'POST',
    path: `${ACCOUNT_MANAGEMENT_BASE}/otp/verify`,
    tag: 'account-management',
    summary: 'Verify a code',
    description:
      'SPEC §7 POST /otp/verify with otp: checks the code; a match answers verified true and marks the payout account verified. A wrong, expired or never sent code answers 400 error 1401 with attempts_left; the wrong code that uses up the last attempt blocks verification for block_duration and answers 429 error 1402 with block_until, and while blocked even the right code answers 1402.',
    session: true,
    idempotencyKey: false,
    sandboxOnly: false,
    body: OtpVerifyRequest,
    responses: { 200: { description: 'The outcome.', schema: OtpVerifyResponse } },
    errors: ['notFound', 'otpInvalid', 'otpBlocked'],
  }),
  notifications: endpoint({
    id: 'notifications',
    method: 'GET',
    path: `${CASHIER_BASE}/notifications`,
    tag: 'content',
    summary: "The player's notifications",
    description:
      "SPEC §2, §4 notifications: the brand's and the player's own, oldest first. The widget shows them by the SPEC §2 rules (category, pay group, not removed) and keeps what the player removed.",
    session: true,
    extendsSession: false,
    idempotencyKey: false,
    sandboxOnly: false,
    responses: { 200: { description: 'The notifications.', schema: NotificationsResponse } },
    errors: [],
  }),
  depositMetrics: endpoint({
    id: 'depositMetrics',
    method: 'POST',
    path: `${CASHIER_BASE}/payments/metrics`,
    tag: 'metrics',
    summary: 'Report deposit page metrics',
    description:
      'SPEC §7 POST {metrics endpoint}/payments/metrics with the X-Session-Id header and {metrics, tags} (metrics endpoint chosen: the default base). Sent from deposit pages, once per metric.',
    session: true,
    extendsSession: false,
    idempotencyKey: false,
    sandboxOnly: false,
    body: MetricsRequest,
    responses: { 200: { description: 'Recorded.', schema: MetricsResponse } },
    errors: [],
  }),
  payoutMetrics: endpoint({
    id: 'payoutMetrics',
    method: 'POST',
    path: `${CASHIER_BASE}/payouts/metrics`,
    tag: 'metrics',
    summary: 'Report withdrawal page metrics',
    description:
      'SPEC §7 POST {metrics endpoint}/payouts/metrics: as depositMetrics, sent from every page that is not a deposit page.',
    session: true,
    extendsSession: false,
    idempotencyKey: false,
    sandboxOnly: false,
    body: MetricsRequest,
    responses: { 200: { description: 'Recorded.', schema: MetricsResponse } },
    errors: [],
  }),
  clientReport: endpoint({
    id: 'clientReport',
    method: 'POST',
    path: `${CASHIER_BASE}/client-reports`,
    tag: 'metrics',
    summary: 'Report a render crash or an error of the widget',
    description:
      'SPEC §4 "Render crash: reported", SPEC §8 "Unhandled render error: logged, reported", SPEC §9 "Error-reporting trace sample rate 0.9, 20 breadcrumbs" (designed: the spec does not show the call). The widget sends at most 10 reports a page load. The x-session-id header is optional: with a valid session the report is kept with its brand and player, without one (or with an unknown or expired one) it is kept without them, and the answer is the same. Card-number-like digit runs, CVV-like fields and session ids are removed from every text before it is stored; reports are deleted after CLIENT_REPORT_RETENTION_DAYS. Limited per client address (429, error 1013).',
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    headers: ClientReportHeaders,
    body: ClientReportRequest,
    responses: { 202: { description: 'Taken.', schema: ClientReportResponse } },
    errors: ['rateLimited'],
  }),
  rtlAssets: endpoint({
    id: 'rtlAssets',
    method: 'GET',
    path: '/metadata/default/rtlAssets.json',
    tag: 'assets',
    summary: 'Icons with a right-to-left variant',
    description:
      'SPEC §7 GET {host}/metadata/default/rtlAssets.json: a static, cacheable list of icon names that have a right-to-left variant. Public: no session (it is an asset, fetched before a session may exist).',
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    responses: { 200: { description: 'The icon list.', schema: RtlAssetsResponse } },
    errors: [],
  }),
  icon: endpoint({
    id: 'icon',
    method: 'GET',
    path: '/assets/icons/{theme}/{file}',
    tag: 'assets',
    summary: 'An icon of the cashier',
    description:
      "SPEC §7 GET {host}/assets/icons/{theme}/ic_24_{name}.svg: one of the cashier's icons as a 24 × 24 SVG stroked with the current colour, the same drawing the widget shows inline; ic_24_{name}_rtl.svg is its right-to-left variant (mirrored) for an icon rtlAssets.json lists. theme is a theme name: every theme has the same drawings, which take the colour of the page showing them. An unknown theme name, file or icon answers 404. Public and static: no session, cached for a day; limited per client address (429, error 1013).",
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    params: IconParams,
    responses: { 200: { description: 'The icon.', contentType: 'image/svg+xml' } },
    errors: ['notFound', 'rateLimited'],
  }),
  appearance: endpoint({
    id: 'appearance',
    method: 'GET',
    path: `${CASHIER_BASE}/appearance`,
    tag: 'assets',
    summary: "The brand's theme and texts for the widget",
    description:
      "Not in SPEC §7: what the widget reads at start-up beside init, so that a brand's theme and texts take effect without a rebuild: the theme named by the theme query parameter (without it, the session's theme) with its custom properties, font stack and logo address, or null when the session's brand has no theme of that name and it is not built in; and the brand's text overrides for the language of lang (its first part, e.g. de of de-XX).",
    session: true,
    idempotencyKey: false,
    sandboxOnly: false,
    query: AppearanceQuery,
    responses: { 200: { description: 'The appearance.', schema: AppearanceResponse } },
    errors: [],
  }),
  realtimeToken: endpoint({
    id: 'realtimeToken',
    method: 'POST',
    path: `${CASHIER_BASE}/realtime/token`,
    tag: 'realtime',
    summary: 'A new realtime connection token',
    description:
      "A new connection token of the session, as init's auth_token, for the realtime client's getToken (SPEC §4: the token is refreshed before it expires; SPEC §7: the client takes its token from a caller-supplied function). The token is an HS256 JWT valid for at most 10 minutes and never past the session's expiry; it authorises subscriptions to the session's own channels only. POST because every call mints a new one (not cached).",
    session: true,
    extendsSession: false,
    idempotencyKey: false,
    sandboxOnly: false,
    responses: {
      200: { description: 'The new connection token.', schema: RealtimeTokenResponse },
    },
    errors: [],
  }),
  analyticsCollect: endpoint({
    id: 'analyticsCollect',
    method: 'POST',
    path: ANALYTICS_COLLECTOR_PATH,
    tag: 'realtime',
    summary: 'Collect clickstream events over HTTP',
    description:
      "SPEC §7 the clickstream tracker's HTTP collector: its tracker endpoint /psp with the analytics post path /cashier-service/analytics. The widget posts here the clickstream batches it could not publish to clickstream:track because its realtime connection failed (SPEC §8), as it would publish them: {events}, at most 100 events and SPEC §9's 40000 bytes (a larger body answers 413, error 1004). Events are kept like the published ones: under the session's brand and player, without the analytics session id. Limited per session (429, error 1013).",
    session: true,
    idempotencyKey: false,
    sandboxOnly: false,
    body: ClickstreamPublication,
    responses: {
      200: { description: 'The events were kept.', schema: AnalyticsCollectResponse },
    },
    errors: ['bodyTooLarge', 'rateLimited'],
  }),
  sandboxCreateSession: endpoint({
    id: 'sandboxCreateSession',
    method: 'POST',
    path: `${SANDBOX_BASE}/sessions`,
    tag: 'sandbox',
    summary: 'Create a session (sandbox only)',
    description:
      'Sandbox only, not in SPEC §7: creates a session for a player, flow and currency, as `npm run session` does, and answers the widget address. Answers 404 (error 1901) unless the server runs in sandbox mode. No session needed.',
    session: false,
    idempotencyKey: false,
    sandboxOnly: true,
    body: SandboxSessionRequest,
    responses: { 201: { description: 'The new session.', schema: SandboxSessionResponse } },
    errors: ['sandboxOnly'],
  }),
  sandboxThreeDsChallenge: endpoint({
    id: 'sandboxThreeDsChallenge',
    method: 'GET',
    path: `${SANDBOX_BASE}/3ds/{transactionId}`,
    tag: 'sandbox',
    summary: '3-D Secure challenge page (sandbox only)',
    description:
      "Sandbox only: the small HTML page the sandbox provider sends a 3-D Secure test card to (redirect_data of the pay session). Its buttons return to return_url (the cashier's /3ds_result route) with transaction_id and outcome in the query; the widget then calls payments/3ds-result. Opened by the browser, so it takes no x-session-id.",
    session: false,
    idempotencyKey: false,
    sandboxOnly: true,
    params: TransactionParams,
    query: ThreeDsChallengeQuery,
    responses: { 200: { description: 'The challenge page.', contentType: 'text/html' } },
    errors: ['sandboxOnly', 'notFound'],
  }),
  sandboxLatestOtp: endpoint({
    id: 'sandboxLatestOtp',
    method: 'GET',
    path: `${SANDBOX_BASE}/otp/latest`,
    tag: 'sandbox',
    summary: 'The latest one-time code of a session (sandbox only)',
    description:
      'Sandbox only (designed; not in SPEC §7): the latest one-time code otp/send sent in the session of the x-session-id header, for the demo host page (the sandbox sends no e-mail or SMS; it also writes the code to the server log). Kept in memory only; 1008 when no code was sent in the session. Answers 404 (error 1901) unless the server runs in sandbox mode.',
    session: true,
    extendsSession: false,
    idempotencyKey: false,
    sandboxOnly: true,
    responses: { 200: { description: 'The latest code.', schema: SandboxOtpResponse } },
    errors: ['sandboxOnly', 'notFound'],
  }),
  sandboxBalance: endpoint({
    id: 'sandboxBalance',
    method: 'GET',
    path: `${SANDBOX_BASE}/balance`,
    tag: 'sandbox',
    summary: "The balance of the session's player (sandbox only)",
    description:
      "Sandbox only (designed; not in SPEC §7): the balance of the player of the x-session-id header's session in its currency, for the demo host page's header (refreshed on the embed SDK's result event). Answers 404 (error 1901) unless the server runs in sandbox mode.",
    session: true,
    extendsSession: false,
    idempotencyKey: false,
    sandboxOnly: true,
    responses: { 200: { description: 'The balance.', schema: SandboxBalanceResponse } },
    errors: ['sandboxOnly'],
  }),
  openApiDocument: endpoint({
    id: 'openApiDocument',
    method: 'GET',
    path: `${CASHIER_BASE}/openapi.json`,
    tag: 'meta',
    summary: 'This OpenAPI document',
    description:
      'The OpenAPI 3.1 document of the cashier-service, generated from @cashdesk/contract (the same as packages/contract/openapi.json). Public.',
    session: false,
    idempotencyKey: false,
    sandboxOnly: false,
    responses: { 200: { description: 'The OpenAPI document.', schema: OpenApiDocumentSchema } },
    errors: [],
  }),
} as const;

/** The id of one endpoint of {@link ENDPOINTS}. */
export type EndpointId = keyof typeof ENDPOINTS;

/** The parameter names in an OpenAPI path template, e.g. `'payGroupId'` of `/groups/{payGroupId}/select`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/** Values of a path's parameters. */
export type PathParams<P extends string> = Readonly<Record<PathParamNames<P>, string | number>>;

const PATH_PARAM = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The path in Fastify's form: `{payGroupId}` becomes `:payGroupId`. */
export function fastifyPath(target: Pick<Endpoint, 'path'>): string {
  return target.path.replace(PATH_PARAM, ':$1');
}

/**
 * The request path with its parameters filled in and URI-encoded (for the widget). Throws when a
 * parameter is missing, so a wrong call fails where it is made rather than at the server.
 */
export function buildPath<P extends string>(
  target: { readonly path: P },
  params: PathParams<P>,
): string {
  const values: Readonly<Record<string, string | number>> = params;
  return target.path.replace(PATH_PARAM, (_match, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined || String(value) === '')
      throw new Error(`buildPath: missing path parameter ${name} for ${target.path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Every error an endpoint can answer, in code order: its own list plus the ones every call of its
 * kind can answer (17 and 1013 with a session, 1001/1002 with input, 1004 with a JSON body, 1015
 * with a body, 1901 when sandbox-only, 1999 always).
 */
/** What any call under the staff session can answer: no session, no second factor, no CSRF token. */
const STAFF_SESSION_ERRORS: readonly ErrorName[] = [
  'staffSignedOut',
  'staffSecondFactorRequired',
  'staffCsrfInvalid',
];

export function endpointErrorNames(target: Endpoint): ErrorName[] {
  const names = new Set<ErrorName>(target.errors);
  if (target.session) {
    names.add('sessionExpired');
    // Too many unknown sessions from the caller's address, or a money endpoint's session limit.
    names.add('rateLimited');
  }
  // Any request whose headers (or body) arrive too slowly: every call can answer it.
  names.add('requestTimeout');
  const hasInput =
    target.params !== undefined ||
    target.query !== undefined ||
    target.headers !== undefined ||
    target.body !== undefined;
  if (hasInput) {
    names.add('malformedRequest');
    names.add('invalidField');
  }
  if (target.body !== undefined && target.bodyContentType !== 'multipart/form-data')
    names.add('bodyTooLarge');
  if (target.sandboxOnly) names.add('sandboxOnly');
  if (target.operator !== undefined) {
    names.add('operatorKeyInvalid');
    names.add('operatorScopeMissing');
    // Too many calls with bad keys from the caller's address.
    names.add('rateLimited');
    // Made from the back office under a staff session instead of a key.
    for (const name of STAFF_SESSION_ERRORS) names.add(name);
    names.add('staffPermissionMissing');
    names.add('staffBrandRequired');
  }
  if (target.staff !== undefined && target.staff !== 'public') {
    for (const name of STAFF_SESSION_ERRORS) names.add(name);
    if (target.staff !== 'signing-in' && target.staff !== 'signed-in') {
      names.add('staffPermissionMissing');
      names.add('staffBrandRequired');
    }
  }
  if (target.staff !== undefined) names.add('rateLimited');
  names.add('internal');
  return [...names].sort((a, b) => Number(ERROR_CODES[a].code) - Number(ERROR_CODES[b].code));
}

/** The error definitions of an endpoint grouped by HTTP status (ascending). */
export function endpointErrorsByStatus(target: Endpoint): Map<number, ErrorDefinition[]> {
  const byStatus = new Map<number, ErrorDefinition[]>();
  for (const name of endpointErrorNames(target)) {
    const definition = ERROR_CODES[name];
    const list = byStatus.get(definition.status) ?? [];
    list.push(definition);
    byStatus.set(definition.status, list);
  }
  return new Map([...byStatus.entries()].sort(([a], [b]) => a - b));
}

/**
 * {@link ErrorBody} for every error status the endpoint can answer, for a Fastify route's
 * `schema.response` next to the typed success schema:
 * `response: { 200: ENDPOINTS.depositSelect.responses[200].schema, ...endpointErrorSchemas(ENDPOINTS.depositSelect) }`.
 */
export function endpointErrorSchemas(target: Endpoint): Record<number, typeof ErrorBody> {
  const schemas: Record<number, typeof ErrorBody> = {};
  for (const status of endpointErrorsByStatus(target).keys()) schemas[status] = ErrorBody;
  return schemas;
}

/**
 * Answer schemas by status for a Fastify route's `schema.response`: the JSON success answers and
 * {@link ErrorBody} for every error status the endpoint can answer. Loses the success schema's
 * type; prefer {@link endpointErrorSchemas} beside the typed success schema in route code.
 *
 * The server writes answers with a serializer compiled from each schema's JSON Schema (output
 * side), after zod's `safeEncode` has checked them outside production: a handler returns parsed
 * values (defaults such as `user_balance` filled in).
 */
export function endpointResponseSchemas(target: Endpoint): Record<number, AnySchema> {
  const schemas: Record<number, AnySchema> = {};
  for (const [status, response] of Object.entries(target.responses)) {
    if (response?.schema !== undefined) schemas[Number(status)] = response.schema;
  }
  return { ...schemas, ...endpointErrorSchemas(target) };
}
