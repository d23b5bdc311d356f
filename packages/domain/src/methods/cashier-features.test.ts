import { describe, expect, it } from 'vitest';
import { readCashierFeatures } from './cashier-features';

const NONE = { carousel: false, quickSuggestions: false, lostProfit: false };

describe('cashier features (SPEC §3 cashier_features, billing-prefixed ones kept)', () => {
  it('SPEC §3: each billing feature the cashier knows is on when named', () => {
    expect(
      readCashierFeatures(['billing_carousel', 'billing_quick_suggestions', 'billing_lost_profit']),
    ).toEqual({ carousel: true, quickSuggestions: true, lostProfit: true });
    expect(readCashierFeatures(['billing_carousel'])).toEqual({ ...NONE, carousel: true });
    expect(readCashierFeatures([' BILLING_QUICK_SUGGESTIONS '])).toEqual({
      ...NONE,
      quickSuggestions: true,
    });
  });

  it('SPEC §3: names without the billing prefix and unknown names change nothing', () => {
    expect(readCashierFeatures([])).toEqual(NONE);
    expect(readCashierFeatures(['carousel', 'quick_suggestions', 'billing_other'])).toEqual(NONE);
  });
});
