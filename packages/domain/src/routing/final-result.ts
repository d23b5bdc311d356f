/**
 * What happens when a payment reaches its final result (SPEC §4 final result).
 *
 * @packageDocumentation
 */
import { isNativeDevice } from './client-environment';
import type { DeviceKind } from './client-environment';
import { reInitCashierMessage } from './host-messages';
import type { CashierFinish, FinishOutcome, ReInitCashierMessage } from './host-messages';
import { redirectTarget } from './link-target';
import type { LinkTarget } from './link-target';
import { buildMerchantUrl, normaliseMerchantUrl } from './merchant-url';

/** SPEC §4: the outcome a final result reports. */
export type FinalOutcome = FinishOutcome;

/** SPEC §4: what {@link decideFinalResult} reads. */
export interface FinalResultInput {
  readonly outcome: FinalOutcome;
  /**
   * The caller's choice to start over in place (for example the cashier runs inline and the
   * player picked retry or all methods). The spec does not say when this happens, so it is a
   * parameter.
   */
  readonly reinitialise?: boolean | undefined;
  readonly device: DeviceKind;
  /** Whether the payment ran in a wallet-pay context (Apple Pay or Google Pay sheet). */
  readonly isWalletPay?: boolean | undefined;
  /** The merchant URL (built by the redirect helper, `buildMerchantUrl`). */
  readonly merchantUrl?: string | null | undefined;
  /** The player's language: the redirect helper's language segment on a failure. */
  readonly lang?: string | null | undefined;
  readonly successUrl?: string | null | undefined;
  readonly failUrl?: string | null | undefined;
  readonly processingUrl?: string | null | undefined;
  /** merchant_redirect_type (self, blank, top, parent). */
  readonly merchantRedirectType?: string | null | undefined;
  /** Whether the cashier runs in a frame of a host page (SPEC §2 custom iframe mode). */
  readonly inHostFrame?: boolean | undefined;
}

/** SPEC §4: the decided action. */
export type FinalResultDecision =
  | { readonly action: 'reinitialise'; readonly message: ReInitCashierMessage }
  | { readonly action: 'navigate'; readonly url: string }
  | { readonly action: 'redirect'; readonly url: string; readonly target: LinkTarget };

function reinitialise(finish?: CashierFinish): FinalResultDecision {
  return { action: 'reinitialise', message: reInitCashierMessage(finish) };
}

/**
 * SPEC §4: the final-result decision.
 * 1. `reinitialise` set: post reInitCashier to the parent.
 * 2. A native device or a wallet-pay context: navigate in the same window to the merchant URL
 *    (falling back to the outcome's URL).
 *
 * The merchant URL goes through SPEC §2's redirect helper (`buildMerchantUrl`: its first four
 * path pieces, with the language and `deposit` after them for a failure); the success, fail and
 * processing URLs are used as given.
 * 3. Otherwise redirect to the success, fail or processing merchant URL (falling back to the
 *    merchant URL), in a new tab if merchant_redirect_type is blank; the other modes map as in
 *    {@link redirectTarget}, an unknown one navigating the widget's own window.
 *
 * When no usable URL exists (missing, or not an http(s) URL) the cashier reinitialises instead of
 * leaving the player on a finished page. In a host page's frame, a same-window redirect would
 * load the merchant's site inside the cashier's own small frame: the cashier reinitialises there
 * too. Both messages carry the finish details (outcome and URL, see `CashierFinish`), so a host
 * can close the cashier and go to its game, and the embed SDK opens the URL in the top window;
 * a host that reads SPEC §1's bare message reinitialises.
 */
export function decideFinalResult(input: FinalResultInput): FinalResultDecision {
  if (input.reinitialise === true) return reinitialise();
  const { outcome } = input;
  const outcomeUrl = normaliseMerchantUrl(
    input.outcome === 'success'
      ? input.successUrl
      : input.outcome === 'fail'
        ? input.failUrl
        : input.processingUrl,
  );
  const merchantUrl = buildMerchantUrl(input.merchantUrl, {
    isError: outcome === 'fail',
    lang: input.lang,
  });
  if (isNativeDevice(input.device) || input.isWalletPay === true) {
    const url = merchantUrl ?? outcomeUrl;
    return url === null ? reinitialise({ outcome, url }) : { action: 'navigate', url };
  }
  const url = outcomeUrl ?? merchantUrl;
  if (url === null) return reinitialise({ outcome, url });
  const target = redirectTarget(input.merchantRedirectType);
  if (input.inHostFrame === true && target === '_self') return reinitialise({ outcome, url });
  return { action: 'redirect', url, target };
}
