/**
 * The demo brand brand0 (EUR and JPY): its settings, its pay groups (brand0-deposit-methods.ts,
 * brand0-payout-methods.ts), withdrawal tax tiers with a non-taxable tier, a lost-profit bonus,
 * bet shops, a content page, a notification and the demo players.
 *
 * @packageDocumentation
 */
import { BRAND0_DEPOSIT_METHODS } from './brand0-deposit-methods';
import { BRAND0_PAYOUT_METHODS } from './brand0-payout-methods';
import { DEMO_HOST_PAGE_ORIGIN } from './shared';
import type { SeedBrand } from './types';

/** The demo brand brand0. */
export const BRAND0: SeedBrand = {
  brand: {
    id: 'brand0',
    name: 'Cashdesk Demo',
    merchantUrl: 'https://demo.cashdesk.test',
    merchantSuccessUrl: 'https://demo.cashdesk.test/payments/success',
    merchantFailUrl: 'https://demo.cashdesk.test/payments/fail',
    merchantProcessingUrl: 'https://demo.cashdesk.test/payments/processing',
    merchantRedirectType: 'self',
    successPageRedirectTimeout: 30,
    processingPageRedirectTimeout: 20,
    currencyDisplaySettingId: 1,
    bonusInAmountBlock: true,
    countryFilteringEnabled: false,
    features: ['billing_carousel', 'billing_quick_suggestions', 'billing_lost_profit'],
    wagerRuleEnabled: false,
    supportUrl: 'https://demo.cashdesk.test/support',
    settings: { logo_sizes: { height: 40, width: 40 }, show_pci_dss_logo: true },
    allowedHostOrigins: [DEMO_HOST_PAGE_ORIGIN],
  },
  payGroups: [...BRAND0_DEPOSIT_METHODS, ...BRAND0_PAYOUT_METHODS],
  taxTiers: [
    { flow: 'withdrawal', from: '0', to: '100', percentValue: '0', absoluteValue: '0' },
    { flow: 'withdrawal', from: '100', to: '1000', percentValue: '10', absoluteValue: '0' },
    { flow: 'withdrawal', from: '1000', to: null, percentValue: '15', absoluteValue: '0' },
  ],
  lostProfit: {
    payGroup: 'crypto_qr',
    tiers: [
      { from: '20', to: '100', percentValue: '5', absoluteValue: null },
      { from: '100', to: null, percentValue: '7', absoluteValue: '15' },
    ],
  },
  betShops: [
    {
      city: 'Berlin',
      name: 'Alexanderplatz',
      address: 'Alexanderplatz 1, 10178 Berlin',
      workingHours: {
        mon: [{ open: '09:00', close: '21:00' }],
        tue: [{ open: '09:00', close: '21:00' }],
        wed: [{ open: '09:00', close: '21:00' }],
        thu: [{ open: '09:00', close: '21:00' }],
        fri: [{ open: '09:00', close: '23:00' }],
        sat: [{ open: '10:00', close: '23:00' }],
      },
    },
    {
      city: 'Berlin',
      name: 'Kreuzberg',
      address: 'Oranienstraße 20, 10999 Berlin',
      workingHours: {
        mon: [
          { open: '10:00', close: '14:00' },
          { open: '15:00', close: '20:00' },
        ],
        wed: [{ open: '10:00', close: '20:00' }],
        fri: [{ open: '10:00', close: '20:00' }],
        sun: [{ open: '12:00', close: '18:00' }],
      },
    },
    {
      city: 'Hamburg',
      name: 'Reeperbahn',
      address: 'Reeperbahn 50, 20359 Hamburg',
      workingHours: {
        thu: [{ open: '16:00', close: '23:59' }],
        fri: [{ open: '16:00', close: '23:59' }],
        sat: [{ open: '12:00', close: '23:59' }],
      },
    },
  ],
  contentPages: [
    {
      slug: 'deposit-terms',
      language: 'en',
      title: 'Deposit terms',
      sections: [
        {
          title: 'Processing',
          body: 'Card deposits are credited at once; bank transfers within 2 working days.',
        },
        { title: 'Fees', body: 'We charge no fee for deposits. Your payment provider may.' },
      ],
    },
  ],
  notifications: [
    {
      key: 'card-maintenance',
      categories: ['deposit_form'],
      payGroup: 'card',
      message: 'Card payments may take a few minutes longer tonight.',
    },
  ],
  players: [
    {
      externalId: 'demo',
      country: 'DE',
      phone: '+4915112345678',
      email: 'demo@cashdesk.test',
      firstName: 'Dana',
      lastName: 'Demo',
      balances: { EUR: '1000', JPY: '150000' },
      cards: [
        {
          token: 'sbxtok_a_5eed0000000000000000000000000001',
          last4: '1111',
          bin: '411111',
          expMonth: 12,
          expYear: 2030,
          holder: 'DANA DEMO',
          cardType: 'visa',
        },
        {
          token: 'sbxtok_a_5eed0000000000000000000000000002',
          last4: '4444',
          bin: '555555',
          expMonth: 6,
          expYear: 2029,
          holder: 'DANA DEMO',
          cardType: 'mastercard',
        },
      ],
      payoutAccounts: [
        {
          payGroup: 'ewallet_payout',
          requisiteType: 'phone',
          maskedValue: '+49151*****678',
          details: { wallet_phone: '+4915112345678' },
          verified: true,
        },
      ],
      bonuses: [
        {
          description: '10% on every deposit, up to 50 EUR',
          percentValue: '10',
          maxValue: '50',
          minDepositAmount: '20',
          payGroups: [],
        },
        {
          description: '5 EUR extra on e-wallet deposits from 10 EUR',
          absoluteValue: '5',
          minDepositAmount: '10',
          payGroups: ['ewallet'],
        },
      ],
      lastUsed: { deposit: 'card', withdrawal: 'card_payout' },
    },
    {
      externalId: 'demo2',
      country: 'AT',
      phone: '+436641234567',
      email: 'demo2@cashdesk.test',
      firstName: 'Alex',
      lastName: 'Second',
      balances: { EUR: '50' },
      cards: [
        {
          token: 'sbxtok_a_5eed0000000000000000000000000003',
          last4: '0004',
          bin: '400000',
          expMonth: 3,
          expYear: 2031,
          holder: 'ALEX SECOND',
          cardType: 'visa',
        },
        {
          // The issuer declines this card since it was saved (sandbox behaviour letter d).
          token: 'sbxtok_d_5eed0000000000000000000000000005',
          last4: '0200',
          bin: '400000',
          expMonth: 9,
          expYear: 2032,
          holder: 'ALEX SECOND',
          cardType: 'visa',
        },
      ],
      payoutAccounts: [
        {
          payGroup: 'bank_payout',
          requisiteType: 'iban',
          maskedValue: 'AT61 **** **** **** 3456',
          details: { iban: 'AT611904300234573456' },
          verified: false,
        },
      ],
      bonuses: [],
      lastUsed: {},
    },
  ],
  defaultBalances: { EUR: '500', JPY: '50000' },
};
