import { STORAGE_KEYS } from '@cashdesk/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { keepMerchantUrls } from './merchant-storage';

afterEach(() => {
  window.localStorage.clear();
});

describe('merchant return addresses in storage (SPEC §7 merchant_* keys)', () => {
  it('SPEC §7: stores each address of the init answer under its key, and removes one the answer no longer has', () => {
    keepMerchantUrls({
      merchantUrl: 'https://brand.example',
      merchantSuccessUrl: 'https://brand.example/ok',
      merchantProcessingUrl: 'https://brand.example/wait',
      merchantRedirectType: 'blank',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.merchantUrl)).toBe('https://brand.example');
    expect(window.localStorage.getItem(STORAGE_KEYS.merchantSuccessUrl)).toBe(
      'https://brand.example/ok',
    );
    expect(window.localStorage.getItem(STORAGE_KEYS.merchantProcessingUrl)).toBe(
      'https://brand.example/wait',
    );
    expect(window.localStorage.getItem(STORAGE_KEYS.merchantRedirectType)).toBe('blank');
    keepMerchantUrls({ merchantUrl: 'https://other.example', merchantSuccessUrl: null });
    expect(window.localStorage.getItem(STORAGE_KEYS.merchantUrl)).toBe('https://other.example');
    expect(window.localStorage.getItem(STORAGE_KEYS.merchantSuccessUrl)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.merchantRedirectType)).toBeNull();
  });
});
