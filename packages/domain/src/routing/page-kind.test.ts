import { describe, expect, it } from 'vitest';
import { describePage, detectPageKind, detectPaymentFlow, isLlaAddress } from './page-kind';

describe('payment flow from the address (SPEC §2 start-up)', () => {
  it.each([
    ['https://pay.example.com/deposit', 'deposit'],
    ['/deposit/visa/card', 'deposit'],
    ['/betshop-deposit', 'deposit'],
    ['/DEPOSIT', 'deposit'],
    ['/payments/interaction/abc', 'deposit'],
    ['/withdrawal', 'withdrawal'],
    ['/cards', 'withdrawal'],
    ['/withdrawal?merchant_redirect_url=https://m.com/deposit', 'withdrawal'],
    ['', 'withdrawal'],
    [null, 'withdrawal'],
  ])('%j is a %s flow', (address, expected) => {
    expect(detectPaymentFlow(address)).toBe(expected);
  });
});

describe('page kinds (SPEC §1)', () => {
  it.each([
    ['/deposit/visa', 'deposit'],
    ['/withdrawal-verify-account', 'withdrawal'],
    ['/reject-withdrawal', 'withdrawal'],
    ['/error', 'error'],
    ['/content?url=/x', 'content'],
    ['/checkout', 'checkout'],
    ['/3ds_result', '3ds_result'],
    ['/3DS-RESULT', '3ds_result'],
    ['/tokenization_page', 'tokenization_page'],
    ['/tokenization-page', 'tokenization_page'],
    ['/acc_management', 'acc_management'],
    ['/account-management/status/success', 'acc_management'],
    ['/account-management-blocked', 'acc_management'],
    ['/payments/status/abc', 'payments'],
    ['/cards', 'withdrawal'],
    ['/lla/deposit', 'deposit'],
    ['/', 'withdrawal'],
  ])('%j is %s', (address, expected) => {
    expect(detectPageKind(address)).toBe(expected);
  });
});

describe('LLA page type (SPEC §1, §2: decided marks)', () => {
  it.each([
    ['/lla/deposit', true],
    ['/deposit/LLA', true],
    ['/deposit?lla', true],
    ['/deposit?lla=1', true],
    ['/deposit?lla=true', true],
    ['/deposit?page_type=LLA', true],
    ['/deposit?lla=0', false],
    ['/deposit?lla=false', false],
    ['/deposit?lla=no', false],
    ['/deposit?page_type=deposit', false],
    ['/llama/deposit', false],
    ['/deposit', false],
    [undefined, false],
  ])('%j is LLA: %j', (address, expected) => {
    expect(isLlaAddress(address)).toBe(expected);
  });

  it('describes a page in one read', () => {
    expect(describePage('https://a.b/payments/interaction/p?lla=1')).toEqual({
      kind: 'payments',
      flow: 'deposit',
      isLla: true,
    });
  });
});
