import { describe, expect, it } from 'vitest';
import { payoutCardFieldState, withdrawalReversalStatus } from './payout';

describe('card field in payout (SPEC §4)', () => {
  const on = { isDisabled: true, hasManualError: true, showEmptyListMessage: true };
  const off = { isDisabled: false, hasManualError: false, showEmptyListMessage: false };
  it.each([
    [{ type: 'select', verifyNewPayoutAccount: false }, on],
    [{ type: 'check', verifyNewPayoutAccount: false }, on],
    [{ type: 'input', verifyNewPayoutAccount: false }, off],
    [{ verifyNewPayoutAccount: false }, off],
    [{ type: null, verifyNewPayoutAccount: false }, off],
    [{ type: 'select', verifyNewPayoutAccount: true }, off],
    [{ type: 'select', verifyNewPayoutAccount: null }, off],
    [{ type: 'select' }, off],
  ])('%j gives %j', (field, expected) => {
    expect(payoutCardFieldState(field)).toEqual(expected);
  });
});

describe('withdrawal reversal result (SPEC §4, §7)', () => {
  it.each([
    [{ success_amount: '100.00' }, 'success'],
    [{ success_amount: '0' }, 'success'],
    [{ success_amount: 0 }, 'success'],
    [{ success_amount: '50', fail_amount: '50' }, 'success'],
    [{ fail_amount: '100' }, 'failed'],
    [{ success_amount: null, fail_amount: '100' }, 'failed'],
    [{ success_amount: '  ' }, 'failed'],
    [{}, 'failed'],
    [null, 'failed'],
    [undefined, 'failed'],
  ])('%j is %s', (response, expected) => {
    expect(withdrawalReversalStatus(response)).toBe(expected);
  });
});
