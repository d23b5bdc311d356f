/**
 * @cashdesk/server/protocols: the wire protocols the server speaks with the parties outside it,
 * for whoever builds the other end (a PSP, the operator's wallet or messaging service, a webhook
 * endpoint) and for the stand-ins of `@cashdesk/testkit`. Each is documented in its own module:
 *
 * - the Cashdesk PSP protocol (`providers/http/protocol.ts`), spoken by `HttpPaymentProvider`;
 * - the asynchronous reference PSP's protocol (`providers/async-psp/protocol.ts`), spoken by
 *   `AsyncPspProvider`;
 * - the operator wallet protocol (`modules/wallet/protocol.ts`);
 * - the one-time-code hand-over protocol (`modules/accounts/otp-senders/protocol.ts`);
 * - the one signature scheme of all of them and of the outgoing webhooks (`http/signing.ts`).
 *
 * Nothing here starts a server or opens a database: importing this entry loads the schemas and
 * the signing only, so a stand-in service that imports it starts in a fraction of what the whole
 * server (`@cashdesk/server`) would take.
 *
 * @packageDocumentation
 */
export {
  CancelAnswer,
  DepositAnswer,
  PROTOCOL_HEADERS,
  PROTOCOL_ROUTES,
  PROVIDER_OPERATIONS,
  PayoutAnswer,
  PushNotification,
  RefundAnswer,
  RefundRequest,
  StatusAnswer,
  ThreeDsAnswer,
} from './providers/http/protocol';
export type { ProtocolErrorCode, ProviderOperation } from './providers/http/protocol';
export {
  ASYNC_PSP_HEADERS,
  ASYNC_PSP_PATHS,
  CreatePayment,
  CreateRefund,
  FAILURE_CODES,
  PAYMENT_STATES,
  Payment,
  Refund,
  toMajor,
} from './providers/async-psp/protocol';
export type { Money, WebhookEvent } from './providers/async-psp/protocol';
export {
  AuthorizeRequest,
  CancelRequest,
  MovementAnswer,
  TransferRequest,
  VerifyRequest,
  WALLET_ROUTES,
  WALLET_ROUTE_NAMES,
  WalletBalance,
} from './modules/wallet/protocol';
export type { WalletRoute } from './modules/wallet/protocol';
export { IDEMPOTENCY_HEADER, OtpHandOverBody } from './modules/accounts/otp-senders/protocol';
export {
  ATTEMPT_HEADER,
  EVENT_ID_HEADER,
  EVENT_TYPE_HEADER,
  KEY_ID_HEADER,
  SIGNATURE_HEADER,
  signatureHeaders,
  verifySignature,
  verifyWebhookSignature,
} from './http/signing';
export type { SigningKey } from './http/signing';
