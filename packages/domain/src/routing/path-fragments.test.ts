import { describe, expect, it } from 'vitest';
import {
  formPageFlow,
  hasPathFragment,
  isFormPage,
  isMainPage,
  isStatusPage,
  mainPageFlow,
  pathFragmentsOf,
  statusPageOf,
} from './path-fragments';

describe('path-fragment recognition (SPEC §2)', () => {
  it.each([
    ['/payments/alt/x', 'altPayments', true],
    ['/payments/interaction/x', 'altPayments', false],
    ['/withdrawal-cards', 'withdrawalCards', true],
    ['/withdrawal-cards', 'cards', false],
    ['/cards', 'cards', true],
    ['/Checkout', 'checkout', true],
    ['/deposit/deposit-display-form', 'depositDisplayForm', true],
    ['/withdrawal-verify-account', 'withdrawalVerifyAccount', true],
    ['https://a.b/content?url=x', 'content', true],
    ['/contentious', 'content', false],
    ['/reject-withdrawal', 'rejectWithdrawal', true],
    ['/payments', 'altPayments', false],
  ] as const)('%j contains %s: %j', (address, fragment, expected) => {
    expect(hasPathFragment(address, fragment)).toBe(expected);
  });

  it.each([
    ['/deposit/cards/checkout', ['checkout', 'cards']],
    ['/payments/alt', ['altPayments']],
    ['/deposit', []],
  ])('fragments of %j are %j', (address, expected) => {
    expect(pathFragmentsOf(address)).toEqual(expected);
  });
});

describe('main pages (SPEC §2: exactly the deposit or withdrawal path)', () => {
  it.each([
    ['/deposit', 'deposit'],
    ['/deposit/', 'deposit'],
    ['https://a.b/Withdrawal?x=1', 'withdrawal'],
    ['/deposit/visa', null],
    ['/betshop-deposit', null],
    ['/', null],
  ])('%j is the main page of %j', (address, expected) => {
    expect(mainPageFlow(address)).toBe(expected);
    expect(isMainPage(address)).toBe(expected !== null);
  });
});

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

  it.each([
    ['/deposit/deposit-success', undefined, true],
    ['/deposit', undefined, false],
    ['/deposit', '/withdrawal/withdrawal-processing', true],
    ['/deposit', '/deposit/visa', false],
  ])('%j inside parent %j is a status page: %j', (address, parent, expected) => {
    expect(isStatusPage(address, parent)).toBe(expected);
  });
});

describe('form pages (SPEC §2: sub-paths of the main page, not status pages)', () => {
  it.each([
    ['/deposit/visa', 'deposit'],
    ['/deposit/visa/card', 'deposit'],
    ['/deposit/deposit-display-form', 'deposit'],
    ['/withdrawal/bank', 'withdrawal'],
    ['/deposit/deposit-success', null],
    ['/deposit', null],
    ['/withdrawal-cards/x', null],
  ])('%j is a form page of %j', (address, expected) => {
    expect(formPageFlow(address)).toBe(expected);
    expect(isFormPage(address)).toBe(expected !== null);
  });
});
