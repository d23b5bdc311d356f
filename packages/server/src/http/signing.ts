/**
 * The one signature scheme of every HTTP message Cashdesk exchanges with an operator's systems
 * and its connectors' PSPs (HMAC-SHA256 over `"{timestamp}.{body}"`, the `Cashdesk-Signature`
 * header). Its source is `@cashdesk/connector-kit` (packages/connector-kit/src/signing.ts), where
 * connectors take it from; the server's modules import it from here.
 *
 * @packageDocumentation
 */
export {
  ATTEMPT_HEADER,
  EVENT_ID_HEADER,
  EVENT_TYPE_HEADER,
  KEY_ID_HEADER,
  SIGNATURE_HEADER,
  signatureDigest,
  signatureHeaders,
  verifySignature,
  verifyWebhookSignature,
} from '@cashdesk/connector-kit';
export type { SigningKey } from '@cashdesk/connector-kit';
