import { describe, expect, it } from 'vitest';
import {
  METHOD_TYPE_ORDER,
  buildTypeFilters,
  filterMethodsByType,
  methodCategory,
} from './method-types';
import { method } from './test/method-fixture';

describe('type display order (SPEC §4)', () => {
  it('lists the types in the spec order', () => {
    expect(METHOD_TYPE_ORDER).toEqual([
      'popular',
      'all',
      'bank_transfers',
      'cards',
      'e_wallets',
      'prepaid_cash',
      'crypto',
      'terminal',
      'mobile',
      'bet_shops',
      'other',
    ]);
  });
});

describe('pay_method_type category (SPEC §4)', () => {
  it.each([
    ['bank_transfer', 'bank_transfers'],
    ['Bank Transfers', 'bank_transfers'],
    ['cards', 'cards'],
    ['Credit & Debit Cards', 'cards'],
    ['credit-card', 'cards'],
    ['e-wallet', 'e_wallets'],
    ['EWALLET', 'e_wallets'],
    ['Prepaid & Cash', 'prepaid_cash'],
    ['crypto', 'crypto'],
    ['terminal', 'terminal'],
    ['mobile', 'mobile'],
    ['bet-shop', 'bet_shops'],
    ['other', 'other'],
    ['teleportation', 'other'],
    ['constructor', 'other'],
    ['__proto__', 'other'],
    ['', 'other'],
    [null, 'other'],
    [undefined, 'other'],
  ])('reads %j as %s; unknown types go to other', (text, expected) => {
    expect(methodCategory(text)).toBe(expected);
  });

  it('uses a caller-supplied alias table', () => {
    expect(methodCategory('voucher', { voucher: 'prepaid_cash' })).toBe('prepaid_cash');
    expect(methodCategory('cards', { voucher: 'prepaid_cash' })).toBe('other');
  });
});

describe('type filter list (SPEC §4)', () => {
  it('lists only the types present, in display order', () => {
    const filters = buildTypeFilters([
      method({ payMethodType: 'crypto' }),
      method({ payMethodType: 'unknown-thing' }),
      method({ payMethodType: 'e_wallet', isPopular: true }),
      method({ payMethodType: 'cards' }),
      method({ payMethodType: 'crypto' }),
    ]);
    expect(filters).toEqual(['popular', 'all', 'cards', 'e_wallets', 'crypto', 'other']);
  });

  it.each([
    [[], []],
    [[method({ payMethodType: 'mobile' })], ['all', 'mobile']],
    [[method({ payMethodType: null })], ['all', 'other']],
  ])('builds %j into %j', (methods, expected) => {
    expect(buildTypeFilters(methods)).toEqual(expected);
  });
});

describe('filtering methods by type (SPEC §2 filter methods)', () => {
  const methods = [
    method({ id: 1, payMethodType: 'cards', isPopular: true }),
    method({ id: 2, payMethodType: 'crypto' }),
    method({ id: 3, payMethodType: 'weird' }),
    method({ id: 4, payMethodType: 'card' }),
  ];
  it.each([
    ['all', [1, 2, 3, 4]],
    ['popular', [1]],
    ['cards', [1, 4]],
    ['crypto', [2]],
    ['other', [3]],
    ['mobile', []],
  ] as const)('filter %s shows %j', (filter, ids) => {
    expect(filterMethodsByType(methods, filter).map((m) => m.id)).toEqual(ids);
  });
});
