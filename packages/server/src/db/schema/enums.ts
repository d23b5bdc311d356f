/**
 * The PostgreSQL enumerations of the schema that the domain owns (flows, statuses, kinds), so a
 * wrong value cannot be stored; their lists are checked against `@cashdesk/domain` in
 * test/seed.test.ts. The webhook outbox's own state is in webhooks.ts.
 *
 * @packageDocumentation
 */
import { pgEnum } from 'drizzle-orm/pg-core';

/** SPEC §1: deposit or withdrawal (payout); the values of the domain's PAYMENT_FLOWS. */
export const paymentFlow = pgEnum('payment_flow', ['deposit', 'withdrawal']);

/**
 * The transaction status machine; `refunded` and `charged_back` follow a successful
 * deposit whose money the provider later returned to the payer (a refund, a chargeback).
 */
export const transactionStatus = pgEnum('transaction_status', [
  'created',
  'processing',
  'await',
  'success',
  'error',
  'refunded',
  'charged_back',
]);

/**
 * How a ledger entry moves money. `withdrawal_reserve` moves an amount from the balance to the
 * reservation, `withdrawal_release` back (a reversal or a failed payout), `withdrawal_settle`
 * takes it out of the reservation for good (the payout was paid). `refund` and `chargeback` take
 * back what a deposit credited (its amount after tax and its bonus) when the provider returned
 * the money to the payer: a negative amount, which may leave the balance negative. An operator's
 * refund (its `refund_id` set) takes back its share of the deposit's credit when it is requested,
 * and `refund_return` gives that share back when the refund fails. `adjustment` is an operator's
 * manual credit or debit (its `adjustment_id` set, no transaction).
 */
export const ledgerKind = pgEnum('ledger_kind', [
  'deposit',
  'withdrawal_reserve',
  'withdrawal_release',
  'withdrawal_settle',
  'bonus',
  'refund',
  'chargeback',
  'refund_return',
  'adjustment',
]);

/**
 * SPEC §1 method kinds, as the payment provider handles them (the values of PAYMENT_METHOD_KINDS
 * in src/providers): card payments (with 3-D Secure), alternative payments with an interaction
 * page, mobile payments confirmed on the phone (await with status polling), a display form with a
 * QR code, a bank transfer awaiting a receipt upload, and bet-shop cash.
 */
export const providerKind = pgEnum('provider_kind', [
  'card',
  'alternative',
  'mobile',
  'display_form',
  'bank_transfer',
  'bet_shop',
]);

/**
 * Where a transaction stands with its provider call (the durable state machine around
 * every call that can charge or pay):
 * - `pending`: the intent is committed, the provider has not been asked (or certainly never got
 *   the request); a payout in this state can still be reversed by the player;
 * - `sending`: a call is in flight, owned by whoever holds the transaction's lease;
 * - `unknown`: a call ended without an answer (time-out, error, crash): the provider may have
 *   charged or paid; the same call is repeated with the same key, or the payment looked up;
 * - `done`: the provider answered and the answer is applied, or the transaction ended without
 *   needing the provider (nothing to call any more);
 * - `approval`: a withdrawal of a brand that approves payouts, its amount reserved,
 *   waiting for the operator to approve it (then `pending`: sent) or reject it (failed, the amount
 *   returned); nobody sends it meanwhile, and the player may still reverse it.
 */
export const providerCallState = pgEnum('provider_call_state', [
  'pending',
  'sending',
  'unknown',
  'done',
  'approval',
]);

/**
 * Where a transaction's money is kept. `internal`: the cashier's own ledger
 * (modules/wallet/ledger.ts) is the balance of record; `operator`: the operator's wallet is,
 * reached over signed HTTP callbacks (modules/wallet/), and the cashier queues what it owes it in
 * {@link walletOperations}. Fixed when the transaction is created, so a change of configuration
 * never moves an open payment to another wallet.
 */
export const walletKind = pgEnum('wallet_kind', ['internal', 'operator']);

/**
 * One money movement the cashier owes the operator's wallet for a transaction:
 * `reserve` (a payout's amount taken from the balance: the wallet's authorize), `credit` (a
 * succeeded deposit: transfer in), `commit` (a paid payout: transfer out, final), `release` (a
 * payout that failed or was reversed: cancel, the reserved money back) and `reverse` (a refunded
 * or charged-back deposit taken back).
 */
/**
 * Where an operator's refund stands: `requested` (held from the balance, asked of the provider or
 * about to be; the provider may still be settling it), then `succeeded` (the money went back to
 * the payer) or `failed` (nothing went back; what the refund held is returned to the balance).
 */
export const refundStatus = pgEnum('refund_status', ['requested', 'succeeded', 'failed']);

/** Who started a refund: the operator (API) or the provider (reported by its webhook). */
export const refundSource = pgEnum('refund_source', ['operator', 'provider']);

export const walletOperationKind = pgEnum('wallet_operation_kind', [
  'reserve',
  'credit',
  'commit',
  'release',
  'reverse',
]);

/**
 * Where a wallet operation stands: `pending` (not answered yet: never sent, in flight
 * or without an answer; sent again with the same operation id until answered), `done` (the
 * wallet applied it), `refused` (the wallet answered no: a reserve without the balance; any other
 * refusal is a fault the operator must look at), `abandoned` (a reserve never answered whose
 * payout failed unsent: the payout's cancel, which the wallet applies whether or not the
 * reserve ever reached it, stands for it).
 */
export const walletOperationState = pgEnum('wallet_operation_state', [
  'pending',
  'done',
  'refused',
  'abandoned',
]);

/** A player's verification status (the contract's PLAYER_VERIFICATION_STATUSES). */
export const playerVerificationStatus = pgEnum('player_verification_status', [
  'unverified',
  'pending',
  'verified',
]);

/** SPEC §3: contact type of a one-time code. */
export const contactType = pgEnum('contact_type', ['email', 'phone']);
