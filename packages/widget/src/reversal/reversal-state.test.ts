import { describe, expect, it } from 'vitest';
import { canRetry, INITIAL_REJECT_STATE, rejectReducer, reversalOutcome } from './reversal-state';
import type { ReversalResponse, WithdrawalRejectState } from './reversal-state';

const OPEN: WithdrawalRejectState = rejectReducer(INITIAL_REJECT_STATE, {
  type: 'open',
  amount: '40.00',
  currency: 'EUR',
});

function answer(success: string | null, fail: string | null): ReversalResponse {
  return {
    kind: 'answer',
    answer: { success_amount: success, fail_amount: fail, currency: 'EUR' },
  };
}

describe('withdrawal reject state (SPEC §3)', () => {
  it('SPEC §3: opening keeps the amount and currency asked about', () => {
    expect(OPEN).toMatchObject({ amount: '40.00', currency: 'EUR', isOpened: true });
  });

  it('SPEC §3: closing counts in closeTrigger, but not while a call is in flight', () => {
    const busy = rejectReducer(OPEN, { type: 'start' });
    expect(rejectReducer(busy, { type: 'close' })).toBe(busy);
    const settled = rejectReducer(busy, { type: 'settle', response: { kind: 'error' } });
    expect(settled.isFetching).toBe(false);
    const closed = rejectReducer(settled, { type: 'close' });
    expect(closed).toMatchObject({ isOpened: false, closeTrigger: 1 });
    // Closing a closed popup is no closing.
    expect(rejectReducer(closed, { type: 'close' })).toBe(closed);
  });

  it('SPEC §3: opening again forgets the last response, but not while a call is in flight', () => {
    const settled = rejectReducer(rejectReducer(OPEN, { type: 'start' }), {
      type: 'settle',
      response: answer('40.00', null),
    });
    const closed = rejectReducer(settled, { type: 'close' });
    expect(closed.response).not.toBeNull();
    expect(
      rejectReducer(closed, { type: 'open', amount: '5.00', currency: 'EUR' }).response,
    ).toBeNull();
    const busy = rejectReducer(OPEN, { type: 'start' });
    expect(rejectReducer(busy, { type: 'open', amount: '5.00', currency: 'EUR' })).toBe(busy);
  });
});

describe('withdrawal reversal result (SPEC §4)', () => {
  it.each([
    ['40.00', null, { kind: 'success', returned: '40.00', kept: null, currency: 'EUR' }],
    ['25.00', '15.00', { kind: 'success', returned: '25.00', kept: '15.00', currency: 'EUR' }],
    ['0', null, { kind: 'success', returned: '0', kept: null, currency: 'EUR' }],
    [null, '40.00', { kind: 'failed', kept: '40.00', currency: 'EUR' }],
    [null, null, { kind: 'failed', kept: null, currency: 'EUR' }],
    ['', null, { kind: 'failed', kept: null, currency: 'EUR' }],
  ] as const)('SPEC §4: success_amount %j, fail_amount %j', (success, fail, expected) => {
    expect(reversalOutcome(answer(success, fail))).toEqual(expected);
  });

  it('SPEC §4: only a call without answer may be tried again', () => {
    expect(canRetry(reversalOutcome({ kind: 'error' }))).toBe(true);
    expect(canRetry(reversalOutcome({ kind: 'nothing-pending' }))).toBe(false);
    expect(canRetry(reversalOutcome(answer(null, '1.00')))).toBe(false);
    expect(canRetry(null)).toBe(true);
  });
});
