import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from './storage-keys';

describe('storage keys (SPEC §7)', () => {
  it('SPEC §7: names every key of the storage list, phAltMethods included', () => {
    expect(Object.values(STORAGE_KEYS)).toEqual([
      'phPrevSessionIdData',
      'phSkipLasUsedMethod',
      'transaction_status',
      'airPmCashierLang',
      'local_theme',
      'merchant_redirect_type',
      'phSelectedMethodId',
      'phLastUsedMethodId',
      'phAltMethods',
      'PH_fingerprint',
      'merchant_url',
      'merchant_success_url',
      'merchant_processing_url',
      'pam_new_account',
    ]);
  });
});
