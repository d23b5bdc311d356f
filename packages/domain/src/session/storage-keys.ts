/**
 * Browser storage keys (SPEC §7). The widget's storage adapter reads and writes only these names.
 *
 * @packageDocumentation
 */

/**
 * SPEC §7: every storage key the product uses, by meaning. The spec also names `phAltMethods`,
 * without any use: the method list (alternative methods included) comes from init on every load,
 * and keeping a copy would only show a stale one, so the product does not store it.
 */
export const STORAGE_KEYS = {
  /** The last previous session ids (JSON list, see previous-sessions). */
  prevSessionIdData: 'phPrevSessionIdData',
  /** Skip the automatic choice of the last used method (the spec's spelling). */
  skipLastUsedMethod: 'phSkipLasUsedMethod',
  /** The final status this tab reported per transaction (the widget's host bridge). */
  transactionStatus: 'transaction_status',
  lang: 'airPmCashierLang',
  theme: 'local_theme',
  merchantRedirectType: 'merchant_redirect_type',
  selectedMethodId: 'phSelectedMethodId',
  lastUsedMethodId: 'phLastUsedMethodId',
  fingerprint: 'PH_fingerprint',
  merchantUrl: 'merchant_url',
  merchantSuccessUrl: 'merchant_success_url',
  merchantProcessingUrl: 'merchant_processing_url',
  /** SPEC §7: marker of a newly created payout account. */
  newAccount: 'pam_new_account',
} as const;

/** SPEC §7: one of the {@link STORAGE_KEYS} values. */
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
