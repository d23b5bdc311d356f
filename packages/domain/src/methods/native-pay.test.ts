import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClientPlatform, DeviceKind } from '../routing/client-environment';
import {
  NATIVE_PAY_METHOD_IDS,
  nativePayAmount,
  nativePayWireType,
  payGroupWallet,
  walletsToAsk,
} from './native-pay';
import type { NativePayType } from './types';

describe('SPEC §6: the wallets a platform may show', () => {
  const BOTH = ['apple_pay', 'google_pay', null];
  it.each<[ClientPlatform, DeviceKind, readonly NativePayType[]]>([
    ['IOS', 'mobile', ['Apple']],
    ['UNKNOWN', 'native_ios', ['Apple']],
    ['ANDROID', 'mobile', ['Google']],
    ['UNKNOWN', 'native_android', ['Google']],
    ['WEB', 'desktop', []],
    ['WINDOWS_PHONE', 'mobile', []],
    ['UNKNOWN', 'mobile', []],
  ])('SPEC §6: %s on a %s device asks about %j', (platform, device, wallets) => {
    expect(walletsToAsk({ platform, device }, BOTH)).toEqual(wallets);
  });

  it('SPEC §6: a wallet no pay group offers is never asked about', () => {
    expect(walletsToAsk({ platform: 'ANDROID', device: 'mobile' }, ['apple_pay', null])).toEqual(
      [],
    );
    expect(walletsToAsk({ platform: 'IOS', device: 'mobile' }, [])).toEqual([]);
  });

  it('SPEC §6: each wallet is asked for by its Payment Request method identifier', () => {
    expect(NATIVE_PAY_METHOD_IDS).toEqual({
      Apple: 'https://apple.com/apple-pay',
      Google: 'https://google.com/pay',
    });
  });
});

describe('SPEC §3: the wallet of a pay group and of a submit', () => {
  it.each([
    ['apple_pay', 'apple_pay'],
    ['ApplePay', 'apple_pay'],
    ['GOOGLE_PAY', 'google_pay'],
    ['card', null],
    [null, null],
    [undefined, null],
  ] as const)('SPEC §3 native_pay_type %j is the wallet %j', (text, wallet) => {
    expect(payGroupWallet(text)).toBe(wallet);
  });

  it('SPEC §3: the wire name of each wallet reads back as the same wallet', () => {
    expect(payGroupWallet(nativePayWireType('Apple'))).toBe('apple_pay');
    expect(payGroupWallet(nativePayWireType('Google'))).toBe('google_pay');
  });
});

describe('SPEC §5, §6: the amount the wallet sheet charges', () => {
  it('SPEC §5: the total with the merchant user fee, at the currency precision', () => {
    expect(
      nativePayAmount('EUR', {
        amount: '10',
        precision: 2,
        merchantUserFee: { percentage: '2', fix: null },
      }),
    ).toEqual({ currency: 'EUR', value: '10.20' });
    expect(nativePayAmount('JPY', { amount: '1000', precision: 0 })).toEqual({
      currency: 'JPY',
      value: '1000',
    });
    expect(nativePayAmount('KWD', { amount: '1.5', precision: 3 })).toEqual({
      currency: 'KWD',
      value: '1.500',
    });
  });

  it('SPEC §5: an amount that is not a positive decimal has no sheet amount', () => {
    expect(nativePayAmount('EUR', { amount: '0', precision: 2 })).toBeNull();
    expect(nativePayAmount('EUR', { amount: 'ten', precision: 2 })).toBeNull();
  });

  it('SPEC §5: the value always has exactly the precision, never a float rendering', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 4 }),
        (minor, precision) => {
          const digits = minor.toString().padStart(precision + 1, '0');
          const amount =
            precision === 0 ? digits : `${digits.slice(0, -precision)}.${digits.slice(-precision)}`;
          const value = nativePayAmount('XXX', { amount, precision })?.value;
          expect(value).toBe(amount);
          expect(value).toMatch(/^\d+(\.\d+)?$/);
        },
      ),
      { numRuns: 200 },
    );
  });
});
