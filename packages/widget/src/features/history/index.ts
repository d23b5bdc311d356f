/**
 * The player's pending payments and history: /deposit-history and /withdrawal-history, from which
 * an open payment is resumed.
 *
 * @packageDocumentation
 */
export { PaymentHistoryPage } from './payment-history-page';
