/**
 * SPEC §7 storage keys merchant_url, merchant_success_url, merchant_processing_url and
 * merchant_redirect_type: the brand's return addresses of the last init answer, kept in local
 * storage for a result page reached by a fresh load (a provider's redirect back) whose own init
 * cannot answer (use-finish-context.ts reads them last, after the pay session, the init answer
 * and the session state). An address the init answer no longer has is removed, so no earlier
 * brand's address lingers behind an empty one. (SPEC §7 keeps no key for the fail URL.)
 *
 * @packageDocumentation
 */
import {
  MERCHANT_PROCESSING_URL,
  MERCHANT_REDIRECT_TYPE,
  MERCHANT_SUCCESS_URL,
  MERCHANT_URL,
  removeKey,
  writeKey,
} from '../storage/keys';
import type { StoredKey } from '../storage/keys';

/** The init answer's return addresses (SPEC §3 cashier response). */
export interface StoredMerchantUrls {
  readonly merchantUrl?: string | null | undefined;
  readonly merchantSuccessUrl?: string | null | undefined;
  readonly merchantProcessingUrl?: string | null | undefined;
  readonly merchantRedirectType?: string | null | undefined;
}

/** Stores (or removes) each return address of an init answer under its SPEC §7 key. */
export function keepMerchantUrls(urls: StoredMerchantUrls): void {
  const entries: readonly (readonly [StoredKey<string>, string | null | undefined])[] = [
    [MERCHANT_URL, urls.merchantUrl],
    [MERCHANT_SUCCESS_URL, urls.merchantSuccessUrl],
    [MERCHANT_PROCESSING_URL, urls.merchantProcessingUrl],
    [MERCHANT_REDIRECT_TYPE, urls.merchantRedirectType],
  ];
  for (const [key, value] of entries) {
    if (typeof value === 'string' && value.trim() !== '') writeKey(key, value);
    else removeKey(key);
  }
}
