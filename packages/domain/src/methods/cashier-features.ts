/**
 * The cashier features a brand turns on (SPEC §3 `cashier_features`, billing-prefixed ones kept).
 *
 * @packageDocumentation
 */

/** SPEC §3: the feature names the cashier knows, each turning one part of the homepage on. */
export const CASHIER_FEATURE_NAMES = {
  /** The method carousel (SPEC §2, §4). */
  carousel: 'billing_carousel',
  /** The quick-suggestion list (SPEC §2, §4). */
  quickSuggestions: 'billing_quick_suggestions',
  /** The lost-profit group and ribbon (SPEC §1, §4, §5). */
  lostProfit: 'billing_lost_profit',
} as const;

/** One feature the cashier knows. */
export type CashierFeature = keyof typeof CASHIER_FEATURE_NAMES;

/** Which of the features are on. */
export type CashierFeatures = Readonly<Record<CashierFeature, boolean>>;

const BILLING_PREFIX = 'billing_';

/**
 * SPEC §3: the features of `cashier_features`. Only billing-prefixed names are kept (any case,
 * surrounding white space ignored); of those, a feature the cashier knows is on when named, and
 * off otherwise. Names the cashier does not know change nothing.
 *
 * @example readCashierFeatures(['billing_carousel']) // { carousel: true, quickSuggestions: false, lostProfit: false }
 */
export function readCashierFeatures(names: readonly string[]): CashierFeatures {
  const kept = new Set(
    names
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name.startsWith(BILLING_PREFIX)),
  );
  return {
    carousel: kept.has(CASHIER_FEATURE_NAMES.carousel),
    quickSuggestions: kept.has(CASHIER_FEATURE_NAMES.quickSuggestions),
    lostProfit: kept.has(CASHIER_FEATURE_NAMES.lostProfit),
  };
}
