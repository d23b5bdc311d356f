/**
 * The reversal marker: the error_message of a withdrawal the player reversed (reversal.ts). Its
 * own module, below the status machine, so that whatever reads a finished transaction (the
 * webhook events, modules/webhooks/outbox.ts) can tell a reversal from a failure without
 * importing the reversal itself.
 *
 * @packageDocumentation
 */

/** Message key of a withdrawal the player reversed (its error_message; the reversal marker). */
export const REVERSED_MESSAGE_KEY = 'CASHIER.WITHDRAWAL.REVERSED';
