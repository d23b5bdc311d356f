/**
 * The second demo brand, brand1, so that tests can show that a player of one brand sees nothing
 * of another.
 *
 * @packageDocumentation
 */
import { CARD_DEPOSIT_FIELDS, DEMO_HOST_PAGE_ORIGIN } from './shared';
import type { SeedBrand } from './types';

/**
 * The second brand: KWD (3 places), one deposit and one payout method, its own "demo" player and
 * the player "wager", whose outstanding wager disables withdrawals (the brand has the SPEC §4
 * wager rule).
 */
export const BRAND1: SeedBrand = {
  brand: {
    id: 'brand1',
    name: 'Cashdesk Second Brand',
    merchantUrl: 'https://second.cashdesk.test',
    merchantSuccessUrl: 'https://second.cashdesk.test/ok',
    merchantFailUrl: 'https://second.cashdesk.test/fail',
    merchantProcessingUrl: 'https://second.cashdesk.test/wait',
    merchantRedirectType: 'blank',
    currencyDisplaySettingId: 2,
    features: [],
    wagerRuleEnabled: true,
    settings: {},
    allowedHostOrigins: [DEMO_HOST_PAGE_ORIGIN],
  },
  payGroups: [
    {
      flow: 'deposit',
      shortName: 'card',
      publicName: 'Card',
      providerKind: 'card',
      payMethodType: 'cards',
      arrangement: 10,
      fields: CARD_DEPOSIT_FIELDS,
      currencies: [
        {
          currency: 'KWD',
          minAmount: '1.5',
          maxAmount: '1500',
          fee: '0%',
          amountBlocks: ['5', '10.5', '25.25'],
        },
      ],
    },
    {
      flow: 'withdrawal',
      shortName: 'card_payout',
      publicName: 'Payout to card',
      providerKind: 'card',
      payMethodType: 'cards',
      arrangement: 10,
      fields: [
        {
          name: 'card_id',
          type: 'select',
          extended_type: 'card_id',
          label: 'PH.FIELD.PAYOUT_CARD',
          is_required: true,
        },
      ],
      currencies: [{ currency: 'KWD', minAmount: '3', maxAmount: '1500', fee: '0%' }],
    },
  ],
  taxTiers: [],
  lostProfit: null,
  betShops: [],
  contentPages: [],
  notifications: [],
  players: [
    {
      externalId: 'demo',
      country: 'KW',
      phone: '+96550012345',
      email: 'demo@second.cashdesk.test',
      firstName: 'Kay',
      lastName: 'Other',
      balances: { KWD: '100.125' },
      cards: [
        {
          token: 'sbxtok_a_5eed0000000000000000000000000004',
          last4: '1881',
          bin: '401288',
          expMonth: 9,
          expYear: 2032,
          holder: 'KAY OTHER',
          cardType: 'visa',
        },
      ],
      payoutAccounts: [],
      bonuses: [],
      lastUsed: {},
    },
    {
      // SPEC §4 wager rule: 35.5 KWD still to wager, so every withdrawal method is disabled.
      externalId: 'wager',
      country: 'KW',
      phone: '+96550067890',
      email: 'wager@second.cashdesk.test',
      firstName: 'Wade',
      lastName: 'Wager',
      balances: { KWD: '80' },
      wagers: { KWD: '35.5' },
      cards: [
        {
          token: 'sbxtok_a_5eed0000000000000000000000000006',
          last4: '1112',
          bin: '401288',
          expMonth: 11,
          expYear: 2031,
          holder: 'WADE WAGER',
          cardType: 'visa',
        },
      ],
      payoutAccounts: [],
      bonuses: [],
      lastUsed: {},
    },
  ],
  defaultBalances: { KWD: '50' },
};
