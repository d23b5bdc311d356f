import { describe, expect, it } from 'vitest';
import { isDisabledByWager, isMethodDisabled, isMethodEnabled } from './enabled';
import type { MethodAvailability, WagerRuleInput } from './enabled';

describe('enabled rule (SPEC §4 Enabled)', () => {
  it.each<[string, string | null, MethodAvailability, boolean]>([
    ['no facts', '10', {}, true],
    ['limit reached', '10', { limitReached: true }, false],
    ['limit not reached', '10', { limitReached: false }, true],
    ['min above the allowed limit amount', '10', { allowedLimitAmount: '9.99' }, false],
    ['min equal to the allowed limit amount', '10.00', { allowedLimitAmount: '10' }, true],
    ['min below the allowed limit amount', '10', { allowedLimitAmount: '100' }, true],
    ['no min limit', null, { allowedLimitAmount: '0' }, true],
    ['allowed limit amount null', '10', { allowedLimitAmount: null }, true],
    ['unreadable allowed limit amount', '10', { allowedLimitAmount: 'n/a' }, true],
    ['amount flagged', '10', { amountFlagged: true }, false],
    ['enabled flag false', '10', { enabled: false }, false],
    ['enabled flag true', '10', { enabled: true }, true],
  ])('%s: enabled is %s', (_label, min, availability, expected) => {
    expect(isMethodEnabled(min, availability)).toBe(expected);
  });

  it('compares the min limit as a decimal, not as text or float (SPEC §4, money rule)', () => {
    // As text "9" > "10"; as decimals it is not.
    expect(isMethodEnabled('9', { allowedLimitAmount: '10' })).toBe(true);
    expect(isMethodEnabled('0.30000000000000001', { allowedLimitAmount: '0.3' })).toBe(false);
  });
});

describe('withdrawal wager rule (SPEC §4 Enabled)', () => {
  const base: WagerRuleInput = {
    flow: 'withdrawal',
    parameters: [{ name: 'account' }, { name: 'wager_amount' }],
    brand: 'brand6',
    wagerBrands: ['brand1', 'brand6', 'brand8'],
  };

  it.each<[string, Partial<WagerRuleInput>, boolean]>([
    ['wager parameter and listed brand', {}, true],
    ['brand in another case', { brand: 'BRAND6' }, true],
    ['deposit flow', { flow: 'deposit' }, false],
    ['brand not listed', { brand: 'brand2' }, false],
    ['no brand', { brand: null }, false],
    ['no wager parameter', { parameters: [{ name: 'account' }, { name: null }, {}] }, false],
    ['no parameters', { parameters: [] }, false],
    ['empty brand list', { wagerBrands: [] }, false],
  ])('%s: disabled by wager is %s', (_label, overrides, expected) => {
    expect(isDisabledByWager({ ...base, ...overrides })).toBe(expected);
  });
});

describe('disabled method (SPEC §4 Method grouping)', () => {
  it.each([
    [true, null, false],
    [false, null, true],
    [true, '2030-01-01T00:00:00Z', true],
    [false, '2030-01-01T00:00:00Z', true],
  ])('enabled %s, restrictedUntil %j: disabled is %s', (enabled, restrictedUntil, expected) => {
    expect(isMethodDisabled({ enabled, restrictedUntil })).toBe(expected);
  });
});
