/**
 * Browser storage keys (SPEC §7). The widget's storage adapter reads and writes only these names.
 *
 * @packageDocumentation
 */

/**
 * SPEC §7: every storage key the product uses, by meaning. The widget reads and writes them only
 * through its storage layer (packages/widget/src/storage), which types and validates each one.
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
  /**
   * The method each alternative payment that left for its provider's page was paid with: a JSON
   * object of transaction id to pay group id, the latest 10, so the page the provider returns to
   * (a fresh page load) can retry with the same method.
   */
  altMethods: 'phAltMethods',
  /** The device fingerprint (FingerprintJS's visitor id), sent as X-Fingerprint. */
  fingerprint: 'PH_fingerprint',
  merchantUrl: 'merchant_url',
  merchantSuccessUrl: 'merchant_success_url',
  merchantProcessingUrl: 'merchant_processing_url',
  /** SPEC §7: marker of a newly created payout account. */
  newAccount: 'pam_new_account',
} as const;

/** SPEC §7: one of the {@link STORAGE_KEYS} values. */
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
