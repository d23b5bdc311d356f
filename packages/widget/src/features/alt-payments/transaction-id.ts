/**
 * SPEC §7: the alternative-payment calls take "the identifier from the last path segment". The
 * server's return addresses put the provider's name there and the transaction id in the query
 * (`/payments/status/sandbox?transaction_id=…`), so the query wins and the last path segment is
 * the fallback (`/payments/status/{transactionId}`, as the display form links).
 */
export function altTransactionId(search: string, lastSegment: string | undefined): string | null {
  const fromQuery = new URLSearchParams(search).get('transaction_id')?.trim() ?? '';
  if (fromQuery !== '') return fromQuery;
  const fromPath = lastSegment?.trim() ?? '';
  return fromPath === '' ? null : fromPath;
}
