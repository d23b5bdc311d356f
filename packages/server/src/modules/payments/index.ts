/**
 * The payments module. The one submission pipeline (docs/decisions/0011-submission-pipeline.md)
 * with its deposit and payout policies, the payer, provider calls, reconciler, reversal, approval,
 * receipts and uploads; the status machine (transactions.ts) over its rows
 * (transaction-repository.ts) and a provider's answer as a move (provider-outcomes.ts); a
 * transaction as the contract's pay session, details and history; routes: deposit, payouts,
 * documents, alternative payments, the sandbox provider's pages, provider webhooks, payment
 * history.
 *
 * This file is the module's public entry: other modules, the app, the commands and the seed import
 * the module only through it (the `server-module-*` rules of .dependency-cruiser.cjs).
 *
 * @packageDocumentation
 */
export { approvePayout, brandTransaction, rejectPayout } from './approval';
export { brandRefund, listRefunds } from './refund-records';
export { requestRefund } from './refunds';
export { cancelTransaction } from './cancellation';
export { resolveHeldAnswer } from './held-answers';
export { currencyPrecision } from './transaction-money';
export type { RefundState } from './refund-records';
export type { DecisionRecorder } from './approval';
export { startReconciler } from './reconciler';
export { createDocumentStorage } from './uploads';
export { listTransactionDocuments, openTransactionDocument } from './transaction-documents';
