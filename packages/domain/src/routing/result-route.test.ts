import { describe, expect, it } from 'vitest';
import {
  parsePaymentFlow,
  parseResultStatus,
  parseResultViewKind,
  parseResultViewStatus,
  RESULT_VIEW_STATUSES,
  resultNavigation,
  resultPagePath,
} from './result-route';

describe('result statuses and views (SPEC §2)', () => {
  it('view statuses are the result statuses plus fail and redirect', () => {
    expect(RESULT_VIEW_STATUSES).toEqual([
      'success',
      'error',
      'processing',
      'await',
      'charity-success',
      'fail',
      'redirect',
    ]);
  });

  it.each([
    ['success', 'success', 'success'],
    [' Charity-Success ', 'charity-success', 'charity-success'],
    ['fail', null, 'fail'],
    ['redirect', null, 'redirect'],
    [3, null, null],
  ])('%j reads as status %j, view status %j', (value, status, viewStatus) => {
    expect(parseResultStatus(value)).toBe(status);
    expect(parseResultViewStatus(value)).toBe(viewStatus);
  });

  it.each([
    ['blank', 'blank'],
    ['RESULT', 'result'],
    ['redirect', 'redirect'],
    ['popup', null],
    [null, null],
  ])('view kind %j is %j', (value, expected) => {
    expect(parseResultViewKind(value)).toBe(expected);
  });

  it.each([
    ['deposit', 'deposit'],
    [' Withdrawal ', 'withdrawal'],
    [null, null],
    [1, null],
    ['payout', null],
  ])('flow %j reads as %j (SPEC §1)', (value, expected) => {
    expect(parsePaymentFlow(value)).toBe(expected);
  });
});

describe('result navigation (SPEC §2: /{type}/{type}-{status} with theme)', () => {
  it.each([
    ['deposit', 'success', '/deposit/deposit-success'],
    ['withdrawal', 'await', '/withdrawal/withdrawal-await'],
  ] as const)('%s %s goes to %s', (type, status, expected) => {
    expect(resultPagePath(type, status)).toBe(expected);
  });

  it.each([
    ['deposit', 'error', '?lang=en', 'brand3', '/deposit/deposit-error?lang=en&theme=brand3'],
    ['deposit', 'error', 'lang=en', 'brand3', '/deposit/deposit-error?lang=en&theme=brand3'],
    ['deposit', 'success', '?theme=brand1', 'brand3', '/deposit/deposit-success?theme=brand1'],
    ['deposit', 'success', '?theme=', 'brand3', '/deposit/deposit-success?theme=brand3'],
    ['withdrawal', 'processing', '', 'brand0', '/withdrawal/withdrawal-processing?theme=brand0'],
    ['withdrawal', 'processing', '', '', '/withdrawal/withdrawal-processing'],
    ['deposit', 'fail', '', 'brand0', null],
    ['payout', 'success', '', 'brand0', null],
  ])('%j %j from %j with theme %j goes to %j', (type, status, currentSearch, theme, expected) => {
    expect(resultNavigation({ type, status, currentSearch, theme })).toBe(expected);
  });
});
