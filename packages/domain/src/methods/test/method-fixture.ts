/**
 * Test builders for methods and received pay groups (kept out of coverage by the `test/` folder).
 *
 * @packageDocumentation
 */
import type { Method, ReceivedPayGroup } from '../types';

/** A plain enabled Activity card method; override what a case needs. */
export function method(overrides: Partial<Method> = {}): Method {
  return {
    arrangement: 0,
    id: 1,
    name: 'visa',
    displayName: 'Visa',
    isPopular: false,
    logoUri: null,
    nativePayType: null,
    currencyId: 840,
    currencyAlpha3: 'USD',
    currencyPrecision: 2,
    descriptionUrl: null,
    infoInIframe: false,
    limits: { min: '10', max: '1000', displayLimits: false },
    payGroupActionType: 'Activity',
    payMethodType: 'cards',
    fee: null,
    merchantUserFee: null,
    enabled: true,
    restrictedUntil: null,
    lastUsed: false,
    autoSubmit: false,
    preSelectedMethod: false,
    isLostProfit: false,
    lostProfitInfo: null,
    showInCarousel: false,
    isIncludeBonus: false,
    isSelfTarget: false,
    processingTime: null,
    bonus: null,
    ...overrides,
  };
}

/** A minimal received pay group with one currency; override what a case needs. */
export function payGroup(overrides: Partial<ReceivedPayGroup> = {}): ReceivedPayGroup {
  return {
    id: 7,
    short_name: 'visa',
    public_name: 'Visa / Mastercard',
    arrangement: 10,
    popular: false,
    logo: 'https://cdn.example/visa.svg',
    action_type: 'activity',
    pay_method_type: 'cards',
    currencies: [
      {
        currency_id: 978,
        name: 'Euro',
        alpha3: 'EUR',
        iso_number: 978,
        precision: 2,
        fee: '2%',
        processing_time_translation_key: 'PH.PROCESSING.INSTANT',
        show_processing_time: true,
        limits: { min_amount: '10.00', max_amount: '5000' },
      },
    ],
    ...overrides,
  };
}
