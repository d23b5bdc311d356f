/**
 * SPEC §3: what the page keeps of an init answer outside the store: the brand's size of the
 * method logos (a layout property the stylesheets read) and the merchant's return addresses
 * (kept for the pages that come back from a provider). The list page keeps them when it renders
 * with init; a first screen the server rendered keeps them when it hydrates (app/app.tsx).
 *
 * @packageDocumentation
 */
import type { DepositInitResponse } from '@cashdesk/contract';
import { applyLogoSizes } from '../ui/layout-properties';
import { keepMerchantUrls } from './merchant-storage';

/** The parts of an init answer (either flow) kept on the page. */
export type KeptInit = Pick<
  DepositInitResponse,
  | 'widget_settings'
  | 'merchant_url'
  | 'merchant_success_url'
  | 'merchant_processing_url'
  | 'merchant_redirect_type'
>;

/** Keeps the logo sizes and the merchant's return addresses of `init` (see the module comment). */
export function keepInitOnPage(init: KeptInit): void {
  applyLogoSizes(document.documentElement, init.widget_settings.logo_sizes);
  keepMerchantUrls({
    merchantUrl: init.merchant_url,
    merchantSuccessUrl: init.merchant_success_url,
    merchantProcessingUrl: init.merchant_processing_url,
    merchantRedirectType: init.merchant_redirect_type,
  });
}
