import { describe, expect, it } from 'vitest';
import {
  innerResultMessage,
  parseInnerResultMessage,
  parsePaymentFlow,
  parseResultStatus,
  RESULT_STATUSES,
  resultNavigation,
  resultPagePath,
} from './result-route';

describe('result statuses (SPEC §2)', () => {
  it.each([
    ['success', 'success'],
    [' Charity-Success ', 'charity-success'],
    ['fail', null],
    ['redirect', null],
    [3, null],
  ])('%j reads as status %j', (value, status) => {
    expect(parseResultStatus(value)).toBe(status);
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

describe('result message of the embedded inner cashier frame (SPEC §2)', () => {
  it('builds the message the inner frame posts', () => {
    expect(innerResultMessage('deposit', 'success', 'tx_1')).toEqual({
      target: 'cashier',
      type: 'result',
      paymentType: 'deposit',
      status: 'success',
      transactionId: 'tx_1',
    });
  });

  it('reads back what it built, for every flow and status', () => {
    for (const flow of ['deposit', 'withdrawal'] as const) {
      for (const status of RESULT_STATUSES) {
        const message = innerResultMessage(flow, status, null);
        expect(parseInnerResultMessage(structuredClone(message))).toEqual(message);
      }
    }
  });

  it.each([
    ['no object', 'result'],
    ['null', null],
    ['another target', { target: 'host', type: 'result', paymentType: 'deposit', status: 'error' }],
    [
      'another type',
      { target: 'cashier', type: 'redirect', paymentType: 'deposit', status: 'error' },
    ],
    [
      'an unknown flow',
      { target: 'cashier', type: 'result', paymentType: 'bets', status: 'error' },
    ],
    [
      'an unknown status',
      { target: 'cashier', type: 'result', paymentType: 'deposit', status: 'ok' },
    ],
  ])('ignores %s', (_name, data) => {
    expect(parseInnerResultMessage(data)).toBeNull();
  });

  it('keeps a named transaction and drops an empty one', () => {
    const base = { target: 'cashier', type: 'result', paymentType: 'deposit', status: 'await' };
    expect(parseInnerResultMessage({ ...base, transactionId: ' tx_9 ' })?.transactionId).toBe(
      'tx_9',
    );
    expect(parseInnerResultMessage({ ...base, transactionId: '' })?.transactionId).toBeNull();
    expect(parseInnerResultMessage({ ...base, transactionId: 42 })?.transactionId).toBeNull();
  });
});
