/**
 * Bank transfer receipts (SPEC §7 deposit upload "optionally the receipt of an awaiting bank
 * transfer"): a document attached to a deposit waiting for its receipt is reported to the
 * provider (recordReceipt), under the pipeline's time-out. A report without an answer is tried
 * again by the reconciler ({@link reportReceipt}), so a receipt is never left unreported.
 *
 * @packageDocumentation
 */
import { transition } from './transactions';
import { providerDataOf, updateProviderData } from './transaction-repository';
import type { TransactionRow } from './transaction-repository';
import { applyProviderStatus } from './provider-outcomes';
import { linkDocument } from './uploads';
import { providerOf, withProviderTimeout } from './payment-deps';
import type { PaymentDeps } from './payment-deps';
import { counted } from './payment-metrics';

/** Whether a deposit waits for its receipt to be reported to the provider. */
export function awaitsReceiptReport(row: TransactionRow): boolean {
  const data = providerDataOf(row);
  return (
    row.status === 'await' &&
    data.step === 'upload' &&
    data.receiptDocumentId !== undefined &&
    data.receiptRecorded !== true &&
    row.providerReference !== null
  );
}

/**
 * Reports the attached receipt of a bank transfer to the provider and applies what it answers:
 * approved credits the deposit, declined fails it, still pending moves the deposit on to waiting
 * (step await). Without an answer the transaction is left as it was, for the reconciler.
 */
export async function reportReceipt(
  deps: PaymentDeps,
  row: TransactionRow,
): Promise<TransactionRow> {
  const reference = row.providerReference;
  if (!awaitsReceiptReport(row) || reference === null) return row;
  const now = deps.clock();
  let status;
  try {
    status = await withProviderTimeout(deps, 'recordReceipt', (options) =>
      providerOf(deps, row).recordReceipt(reference, now, options),
    );
  } catch (error) {
    deps.log?.warn(
      { transaction_id: row.id, error: error instanceof Error ? error.name : typeof error },
      'receipt report without an answer: the reconciler reports it again',
    );
    return row;
  }
  let current = await updateProviderData(deps.db, row.id, { receiptRecorded: true });
  current = counted(deps, await applyProviderStatus(deps.db, current, status, now)).transaction;
  if (current.status === 'await' && providerDataOf(current).step === 'upload') {
    current = (await transition(deps.db, current.id, 'await', { now, step: 'await' })).transaction;
  }
  return current;
}

/** Attaches a receipt document to a deposit and reports it when the deposit waits for it. */
export async function attachReceipt(
  deps: PaymentDeps,
  row: TransactionRow,
  documentId: string,
): Promise<TransactionRow> {
  await linkDocument(deps.db, documentId, row.id);
  const current = await updateProviderData(deps.db, row.id, { receiptDocumentId: documentId });
  return reportReceipt(deps, current);
}
