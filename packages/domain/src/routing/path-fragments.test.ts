import { describe, expect, it } from 'vitest';
import { statusPageOf } from './path-fragments';

describe('status pages (SPEC §2)', () => {
  it.each([
    ['/deposit/deposit-success', { flow: 'deposit', status: 'success' }],
    ['/deposit/deposit-processing', { flow: 'deposit', status: 'processing' }],
    ['/deposit/deposit-error', { flow: 'deposit', status: 'error' }],
    ['/deposit/deposit-await', { flow: 'deposit', status: 'await' }],
    ['/deposit/deposit-charity-success', { flow: 'deposit', status: 'charity-success' }],
    ['/withdrawal/withdrawal-error?x=1', { flow: 'withdrawal', status: 'error' }],
    ['/withdrawal/deposit-success', null],
    ['/deposit/deposit-fail', null],
    ['/deposit/visa', null],
    ['/deposit', null],
    ['/cards/cards-success', null],
    ['/deposit/deposit-success/x', null],
  ])('%j shows %j', (address, expected) => {
    expect(statusPageOf(address)).toEqual(expected);
  });
});
