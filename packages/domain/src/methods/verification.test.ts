import { describe, expect, it } from 'vitest';
import { verificationRouting } from './verification';
import type { VerificationRouting } from './verification';

const blocked = (
  reason: Exclude<VerificationRouting['reason'], 'verify'>,
): VerificationRouting => ({
  route: '/account-management-blocked',
  reason,
});

describe('withdrawal verification routing, as the spec writes it (SPEC §4)', () => {
  // Every combination of the three facts; the spec's rule reads:
  // (!allowNew && required) || !required || blocked  ->  /account-management-blocked
  it.each<[boolean, boolean, boolean, VerificationRouting]>([
    // allowNew, required, blocked
    [false, true, false, blocked('new-account-not-allowed')],
    [false, true, true, blocked('new-account-not-allowed')],
    [false, false, false, blocked('verification-not-needed')],
    [true, false, false, blocked('verification-not-needed')],
    [true, false, true, blocked('verification-not-needed')],
    [false, false, true, blocked('verification-not-needed')],
    [true, true, true, blocked('verification-blocked')],
    [
      true,
      true,
      false,
      { route: '/withdrawal-verify-account', reason: 'verify', storeAmount: '150.50' },
    ],
  ])(
    'allow new account %s, verification required %s, blocked %s',
    (allowNewPayoutAccount, verificationRequired, verificationBlocked, expected) => {
      expect(
        verificationRouting({
          allowNewPayoutAccount,
          verificationRequired,
          verificationBlocked,
          amount: '150.50',
        }),
      ).toEqual(expected);
    },
  );
});
