import { describe, expect, it } from 'vitest';
import { finalResultOfPage, resultPagePaymentResult } from './payment-result';
import type { ResultPageFacts } from './payment-result';

const paySession = {
  resultStatus: 'success',
  transactionId: 'txn-1',
  amount: '25.00',
  currency: 'EUR',
} as const;

const facts: ResultPageFacts = {
  flow: 'deposit',
  pageStatus: 'success',
  paySession,
  server: null,
  transactionId: 'txn-1',
};

describe('what a result page reports to the host', () => {
  it.each([
    ['success', 'success'],
    ['charity-success', 'success'],
    ['error', 'error'],
    ['processing', null],
    ['await', null],
  ] as const)('a %s page is final: %s', (page, final) => {
    expect(finalResultOfPage(page)).toBe(final);
  });

  it('reports a final result confirmed by the pay session, with its figures', () => {
    expect(resultPagePaymentResult(facts)).toEqual({
      target: 'cashier',
      type: 'paymentResult',
      flow: 'deposit',
      status: 'success',
      amount: '25.00',
      currency: 'EUR',
      transactionId: 'txn-1',
    });
    expect(
      resultPagePaymentResult({
        ...facts,
        pageStatus: 'error',
        paySession: { ...paySession, resultStatus: 'error' },
      })?.status,
    ).toBe('error');
  });

  it('reports a result confirmed by a terminal status answer, without figures it does not know', () => {
    expect(
      resultPagePaymentResult({
        ...facts,
        flow: 'withdrawal',
        paySession: null,
        server: { resultStatus: 'success', terminal: true },
      }),
    ).toEqual({
      target: 'cashier',
      type: 'paymentResult',
      flow: 'withdrawal',
      status: 'success',
      amount: null,
      currency: null,
      transactionId: 'txn-1',
    });
  });

  it("a page opened from a provider's return address reports the figures of the status answer", () => {
    expect(
      resultPagePaymentResult({
        ...facts,
        paySession: null,
        server: { resultStatus: 'success', terminal: true, amount: '40.00', currency: 'EUR' },
      }),
    ).toMatchObject({
      status: 'success',
      amount: '40.00',
      currency: 'EUR',
      transactionId: 'txn-1',
    });
    // The pay session the page was opened with names the figures first.
    expect(
      resultPagePaymentResult({
        ...facts,
        server: { resultStatus: 'success', terminal: true, amount: '99.00', currency: 'USD' },
      }),
    ).toMatchObject({ amount: '25.00', currency: 'EUR' });
  });

  it.each<[string, Partial<ResultPageFacts>]>([
    [
      'a processing page',
      { pageStatus: 'processing', paySession: { ...paySession, resultStatus: 'processing' } },
    ],
    ['a page whose route alone says success', { paySession: null, server: null }],
    [
      'a page the server contradicts',
      { paySession: null, server: { resultStatus: 'error', terminal: true } },
    ],
    [
      'a status answer that is not final yet',
      { paySession: null, server: { resultStatus: 'success', terminal: false } },
    ],
    [
      'a pay session of another result',
      { paySession: { ...paySession, resultStatus: 'processing' } },
    ],
    [
      'no transaction at all',
      {
        paySession: null,
        server: { resultStatus: 'success', terminal: true },
        transactionId: null,
      },
    ],
  ])('reports nothing for %s', (_name, change) => {
    expect(resultPagePaymentResult({ ...facts, ...change })).toBeNull();
  });
});
