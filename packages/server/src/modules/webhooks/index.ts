/**
 * The webhooks module. Signed webhooks to the operator through a transactional outbox
 * (docs/decisions/0022-webhook-outbox.md): the events recorded with each change (outbox.ts) and
 * their dispatcher, and the operator's view of a brand's deliveries (deliveries.ts, with its
 * routes).
 *
 * This file is the module's public entry: other modules, the app, the commands and the seed import
 * the module only through it (the `server-module-*` rules of .dependency-cruiser.cjs).
 *
 * @packageDocumentation
 */
export {
  DEAD_EVENT,
  LIVE_PENDING_EVENT,
  requeueDeadEvents,
  startWebhookDispatcher,
} from './dispatcher';
export {
  CascadedAttempt,
  isTransaction,
  operatorTransaction,
  recordAdjustmentEvent,
  recordHistory,
  recordPayoutAccountVerified,
  recordRefundEvent,
  refundWire,
  recordTransactionEvents,
  transactionWire,
} from './outbox';
export type { EventOwner, HistoryRecord } from './outbox';
export { REVERSED_MESSAGE_KEY } from './reversal-marker';
