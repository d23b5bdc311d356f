import { describe, expect, it } from 'vitest';
import { bonusForPayGroup, userBonusesByPayGroups } from './bonuses';
import {
  isNativePayAvailable,
  isWalletPayGroup,
  mapPayGroup,
  mapPayGroups,
  matchesPayGroup,
  parseActionType,
  parseNativePayType,
} from './map-method';
import type { MapPayGroupContext } from './map-method';
import { payGroup } from './test/method-fixture';
import type {
  MethodBonusInfo,
  ClientPlatform,
  DeviceKind,
  NativePayType,
  ReceivedPayGroup,
  UserBonus,
} from './types';

const web: MapPayGroupContext = { platform: 'WEB', device: 'desktop' };

const info = (absolute: string): MethodBonusInfo => ({
  absoluteBonusValue: absolute,
  percentBonusValue: null,
  maxBonusValue: null,
  minDepositAmount: '10',
  maxDepositAmount: null,
});

describe('received pay group type (SPEC §3)', () => {
  it('accepts what a zod schema infers: optional keys as `T | undefined`, mutable arrays', () => {
    // Shape of z.infer for a schema with .optional() fields; must compile against the interface.
    interface ZodInferred {
      id: number;
      short_name: string;
      public_name?: string | undefined;
      popular?: boolean | undefined;
      restricted_until?: string | null | undefined;
      currencies: {
        currency_id: number;
        alpha3: string;
        precision: number;
        limits?: { min_amount?: string | undefined; max_amount?: string | undefined } | undefined;
      }[];
    }
    const inferred: ZodInferred = {
      id: 3,
      short_name: 'skrill',
      public_name: undefined,
      currencies: [{ currency_id: 1, alpha3: 'EUR', precision: 2 }],
    };
    const received: ReceivedPayGroup = inferred;
    expect(mapPayGroup(received, web)?.displayName).toBe('skrill');
  });
});

describe('mapping a received pay group (SPEC §3 mapped method)', () => {
  it('maps every field of a complete pay group', () => {
    const mapped = mapPayGroup(
      payGroup({
        popular: true,
        info: 'https://example.com/about-visa',
        info_in_iframe: true,
        last_used: true,
        auto_submit: true,
        show_in_carousel: true,
        allow_pre_selected_method: true,
        restricted_until: '2030-01-01T00:00:00Z',
        merchant_user_fee: { percentage: '1.5', fix: '0.30' },
        display_limits: true,
      }),
      web,
    );
    expect(mapped).toEqual({
      arrangement: 10,
      id: 7,
      name: 'visa',
      displayName: 'Visa / Mastercard',
      isPopular: true,
      logoUri: 'https://cdn.example/visa.svg',
      nativePayType: null,
      currencyId: 978,
      currencyAlpha3: 'EUR',
      currencyPrecision: 2,
      descriptionUrl: 'https://example.com/about-visa',
      infoInIframe: true,
      limits: { min: '10.00', max: '5000', displayLimits: true },
      payGroupActionType: 'Activity',
      payMethodType: 'cards',
      fee: '2%',
      merchantUserFee: { percentage: '1.5', fix: '0.30' },
      enabled: true,
      restrictedUntil: '2030-01-01T00:00:00Z',
      lastUsed: true,
      autoSubmit: true,
      preSelectedMethod: true,
      isLostProfit: false,
      lostProfitInfo: null,
      showInCarousel: true,
      isIncludeBonus: false,
      isSelfTarget: false,
      processingTime: 'PH.PROCESSING.INSTANT',
      bonus: null,
    });
  });

  it('fills defaults for a minimal pay group', () => {
    const mapped = mapPayGroup(
      {
        id: 2,
        short_name: 'neteller',
        currencies: [{ currency_id: 1, alpha3: 'USD', precision: 0 }],
      },
      web,
    );
    expect(mapped).toMatchObject({
      arrangement: 0,
      displayName: 'neteller',
      isPopular: false,
      logoUri: null,
      descriptionUrl: null,
      limits: { min: null, max: null, displayLimits: false },
      payGroupActionType: 'Activity',
      payMethodType: null,
      fee: null,
      merchantUserFee: null,
      enabled: true,
      restrictedUntil: null,
      lastUsed: false,
      processingTime: null,
      currencyPrecision: 0,
    });
  });

  it.each([
    ['no currency', payGroup({ currencies: [] })],
    [
      'a fractional precision',
      payGroup({ currencies: [{ currency_id: 1, alpha3: 'EUR', precision: 1.5 }] }),
    ],
    [
      'a negative precision',
      payGroup({ currencies: [{ currency_id: 1, alpha3: 'EUR', precision: -1 }] }),
    ],
  ])('gives null for a pay group with %s (SPEC §3)', (_label, group) => {
    expect(mapPayGroup(group, web)).toBeNull();
  });

  it.each([
    ['abc', null],
    ['', null],
    [' 25.5 ', '25.5'],
  ])('reads min_amount %j as %j (SPEC §3 amounts are decimal strings)', (text, expected) => {
    const group = payGroup({
      currencies: [{ currency_id: 1, alpha3: 'EUR', precision: 2, limits: { min_amount: text } }],
    });
    expect(mapPayGroup(group, web)?.limits.min).toBe(expected);
  });

  it.each([
    [{ percentage: 'x', fix: null }, null],
    [{ fix: '1' }, { percentage: null, fix: '1' }],
  ])('maps merchant_user_fee %j to %j (SPEC §3)', (fee, expected) => {
    expect(mapPayGroup(payGroup({ merchant_user_fee: fee }), web)?.merchantUserFee).toEqual(
      expected,
    );
  });

  it.each([
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [null, 0],
    [-3, -3],
  ])('reads arrangement %j as %j (SPEC §3)', (arrangement, expected) => {
    expect(mapPayGroup(payGroup({ arrangement }), web)?.arrangement).toBe(expected);
  });

  it.each([
    [true, 'PH.PROCESSING.INSTANT'],
    [false, null],
    [undefined, null],
  ])('shows processingTime only when show_processing_time is %j (SPEC §3)', (show, expected) => {
    const group = payGroup({
      currencies: [
        {
          currency_id: 1,
          alpha3: 'EUR',
          precision: 2,
          processing_time_translation_key: 'PH.PROCESSING.INSTANT',
          show_processing_time: show,
        },
      ],
    });
    expect(mapPayGroup(group, web)?.processingTime).toBe(expected);
  });

  it.each([
    [{ pay_group: 7 }, true],
    [{ pay_group: '7' }, true],
    [{ pay_group: 'VISA' }, true],
    [{ pay_group: 8 }, false],
    [{ pay_group: null }, false],
  ])('marks isLostProfit from lost_profit_merchant_bonus %j (SPEC §3)', (bonus, expected) => {
    const tiers = [{ percent_value: '5' }];
    const mapped = mapPayGroup(payGroup(), { ...web, lostProfitBonus: { ...bonus, tiers } });
    expect(mapped?.isLostProfit).toBe(expected);
    expect(mapped?.lostProfitInfo).toEqual(expected ? tiers : null);
  });

  it('gives the lost-profit method empty tiers when the service sent none (SPEC §3)', () => {
    const mapped = mapPayGroup(payGroup(), { ...web, lostProfitBonus: { pay_group: 7 } });
    expect(mapped?.lostProfitInfo).toEqual([]);
  });

  it.each([
    [true, true],
    [false, false],
    [null, false],
    [undefined, false],
  ])('SPEC §2: self_target %j marks the method self-target: %s', (selfTarget, expected) => {
    expect(mapPayGroup(payGroup({ self_target: selfTarget }), web)?.isSelfTarget).toBe(expected);
  });

  it.each([
    [{}, true],
    [{ 7: { limitReached: true } }, false],
    [{ 7: { allowedLimitAmount: '5' } }, false],
    [{ 7: { allowedLimitAmount: '10' } }, true],
    [{ 8: { enabled: false } }, true],
  ])('computes enabled from availability %j (SPEC §4)', (availability, expected) => {
    expect(mapPayGroup(payGroup(), { ...web, availability })?.enabled).toBe(expected);
  });

  it('attaches the pay group bonus and sets isIncludeBonus (SPEC §3 bonus state)', () => {
    const bonus: UserBonus = {
      bonusDescription: 'Welcome',
      bonusPayGroupsIds: [7],
      bonusInfo: info('5'),
    };
    const mapped = mapPayGroup(payGroup(), { ...web, userBonuses: [bonus] });
    expect(mapped?.isIncludeBonus).toBe(true);
    expect(mapped?.bonus).toEqual({ description: 'Welcome', info: info('5') });
  });
});

describe('mapping a pay group list (SPEC §3, §6)', () => {
  it('drops unusable and platform-hidden pay groups and keeps the order', () => {
    const groups = [
      payGroup({ id: 1, short_name: 'a' }),
      payGroup({ id: 2, short_name: 'apple', native_pay_type: 'apple_pay' }),
      payGroup({ id: 3, short_name: 'broken', currencies: [] }),
      payGroup({ id: 4, short_name: 'b' }),
    ];
    expect(mapPayGroups(groups, web).map((m) => m.id)).toEqual([1, 4]);
    const ios = { platform: 'IOS', device: 'mobile', nativePayReady: ['Apple'] } as const;
    expect(mapPayGroups(groups, ios).map((m) => m.id)).toEqual([1, 2, 4]);
  });

  it('offers a wallet only where the page can complete it, even on its platform', () => {
    const groups = [
      payGroup({ id: 1, short_name: 'a' }),
      payGroup({ id: 2, short_name: 'apple', native_pay_type: 'apple_pay' }),
      payGroup({ id: 3, short_name: 'google', native_pay_type: 'google_pay' }),
    ];
    const ids = (context: Parameters<typeof mapPayGroups>[1]) =>
      mapPayGroups(groups, context).map((m) => m.id);
    expect(ids({ platform: 'IOS', device: 'mobile' })).toEqual([1]);
    expect(ids({ platform: 'ANDROID', device: 'native_android', nativePayReady: [] })).toEqual([1]);
    expect(ids({ platform: 'ANDROID', device: 'mobile', nativePayReady: ['Google'] })).toEqual([
      1, 3,
    ]);
    expect(ids({ platform: 'IOS', device: 'mobile', nativePayReady: ['Google'] })).toEqual([1]);
  });

  it('gives general and specific bonuses to the right methods (SPEC §3)', () => {
    const bonuses: UserBonus[] = [
      { bonusPayGroupsIds: [], bonusInfo: info('1') },
      { bonusPayGroupsIds: [2], bonusInfo: info('2') },
    ];
    const mapped = mapPayGroups([payGroup({ id: 1 }), payGroup({ id: 2 })], {
      ...web,
      userBonuses: bonuses,
    });
    expect(mapped.map((m) => m.bonus?.info.absoluteBonusValue)).toEqual(['1', '2']);
  });
});

describe('native pay type (SPEC §3, §6)', () => {
  it.each([
    ['apple_pay', 'Apple'],
    ['ApplePay', 'Apple'],
    ['GOOGLE_PAY', 'Google'],
    ['googlepay', 'Google'],
    ['samsung_pay', null],
    [null, null],
    [undefined, null],
  ])('reads native_pay_type %j as %j', (text, expected) => {
    expect(parseNativePayType(text)).toBe(expected);
  });

  it.each<[NativePayType | null, ClientPlatform, DeviceKind, boolean]>([
    ['Apple', 'IOS', 'mobile', true],
    ['Apple', 'UNKNOWN', 'native_ios', true],
    ['Apple', 'ANDROID', 'native_android', false],
    ['Apple', 'WEB', 'desktop', false],
    ['Google', 'ANDROID', 'mobile', true],
    ['Google', 'UNKNOWN', 'native_android', true],
    ['Google', 'IOS', 'native_ios', false],
    ['Google', 'WINDOWS_PHONE', 'mobile', false],
    [null, 'WEB', 'desktop', true],
    [null, 'IOS', 'native_ios', true],
  ])('%s on %s / %s is shown: %s (SPEC §6)', (type, platform, device, expected) => {
    expect(isNativePayAvailable(type, { platform, device })).toBe(expected);
  });
});

describe('action type (SPEC §3)', () => {
  it.each([
    ['activity', 'Activity'],
    ['Activity', 'Activity'],
    ['nested_list', 'NestedList'],
    ['NestedList', 'NestedList'],
    ['NESTED-LIST', 'NestedList'],
    ['info', 'Info'],
    ['something_new', 'Activity'],
    [null, 'Activity'],
  ])('reads action_type %j as %s', (text, expected) => {
    expect(parseActionType(text)).toBe(expected);
  });
});

describe('pay group reference matching (SPEC §2 pay_group by id or by name)', () => {
  const target = { id: 12, name: 'Skrill' };
  it.each([
    [12, true],
    [13, false],
    ['12', true],
    [' 12 ', true],
    ['skrill', true],
    [' SKRILL ', true],
    ['skril', false],
    ['', false],
    ['   ', false],
    [null, false],
    [undefined, false],
  ])('reference %j matches: %s', (reference, expected) => {
    expect(matchesPayGroup(target, reference)).toBe(expected);
  });
});

describe('user bonuses by pay group (SPEC §3 bonus state)', () => {
  it('indexes bonuses by pay group, first bonus wins, general bonus kept apart', () => {
    const first: UserBonus = { bonusPayGroupsIds: [1, 2], bonusInfo: info('1') };
    const second: UserBonus = { bonusPayGroupsIds: [2, 3], bonusInfo: info('2') };
    const general: UserBonus = { bonusPayGroupsIds: null, bonusInfo: info('9') };
    const laterGeneral: UserBonus = { bonusInfo: info('10') };
    const index = userBonusesByPayGroups([first, general, second, laterGeneral]);
    expect([...index.byPayGroup.entries()]).toEqual([
      [1, first],
      [2, first],
      [3, second],
    ]);
    expect(index.general).toBe(general);
    expect(index.isBonusPresent).toBe(true);
    expect(index.isGeneralBonus).toBe(true);
  });

  it.each([
    [null, false, false],
    [[], false, false],
    [[{ bonusPayGroupsIds: [4], bonusInfo: info('1') }], true, false],
    [[{ bonusPayGroupsIds: [], bonusInfo: info('1') }], true, true],
  ])('bonuses %j: isBonusPresent %s, isGeneralBonus %s', (bonuses, present, general) => {
    const index = userBonusesByPayGroups(bonuses);
    expect(index.isBonusPresent).toBe(present);
    expect(index.isGeneralBonus).toBe(general);
  });

  it.each([
    [1, 'specific'],
    [5, 'general'],
  ])('pay group %i gets the %s bonus (a general bonus applies to all)', (id, expected) => {
    const index = userBonusesByPayGroups([
      { bonusDescription: 'general', bonusInfo: info('1') },
      { bonusDescription: 'specific', bonusPayGroupsIds: [1], bonusInfo: info('2') },
    ]);
    expect(bonusForPayGroup(index, id)?.description).toBe(expected);
  });

  it('gives no bonus when there is none, and a null description when none is set', () => {
    expect(bonusForPayGroup(userBonusesByPayGroups([]), 1)).toBeNull();
    const index = userBonusesByPayGroups([{ bonusPayGroupsIds: [1], bonusInfo: info('3') }]);
    expect(bonusForPayGroup(index, 1)).toEqual({ description: null, info: info('3') });
    expect(bonusForPayGroup(index, 2)).toBeNull();
  });
});

describe('wallet-pay context (SPEC §4 final result)', () => {
  it.each([
    ['apple_pay', true],
    ['GOOGLE_PAY', true],
    ['Apple Pay', true],
    ['paypal', false],
    [null, false],
    [undefined, false],
  ])(
    'SPEC §4: a payment through native_pay_type %j is in a wallet-pay context: %s',
    (type, expected) => {
      expect(isWalletPayGroup(type)).toBe(expected);
    },
  );
});
