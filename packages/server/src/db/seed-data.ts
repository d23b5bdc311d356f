/**
 * The demo data, as plain values: brand0 with a deposit and a payout pay group of every
 * method kind of SPEC §1 whose forms hold every field kind of SPEC §3, two currencies of different
 * precision (EUR 2 places, JPY 0), tax tiers with a non-taxable tier, a general and a
 * per-pay-group bonus, a lost-profit bonus, a popular, a restricted, a disabled and a last-used
 * method, carousel methods, bet shops, a content page and the demo players; plus brand1 (KWD, 3
 * places) so that tests can show that a player of one brand sees nothing of another.
 *
 * src/db/seed.ts writes these values; seed.test.ts checks the promises above.
 *
 * @packageDocumentation
 */
import type {
  brands,
  contentPages,
  currencies,
  payGroupCurrencies,
  payGroups,
  StoredFieldDefinition,
  WorkingHours,
} from './schema';

/** A pay group of the seed with its currencies; brand and id are filled in when writing. */
export interface SeedPayGroup extends Omit<
  typeof payGroups.$inferInsert,
  'id' | 'brandId' | 'createdAt' | 'fields'
> {
  readonly fields: readonly StoredFieldDefinition[];
  readonly currencies: readonly Omit<typeof payGroupCurrencies.$inferInsert, 'payGroupId'>[];
}

/** A saved card of the seed: what a provider token stands for, never a card number. */
export interface SeedCard {
  readonly token: string;
  readonly last4: string;
  readonly bin: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly holder: string;
  readonly cardType: string;
}

/** A payout account of the seed. */
export interface SeedPayoutAccount {
  /** Short name of the withdrawal pay group it belongs to. */
  readonly payGroup: string;
  readonly requisiteType: string;
  readonly maskedValue: string;
  readonly details: Readonly<Record<string, string>>;
  readonly verified: boolean;
}

/** A bonus of the seed; `payGroups` (short names) empty means a general bonus. */
export interface SeedBonus {
  readonly description: string;
  readonly absoluteValue?: string;
  readonly percentValue?: string;
  readonly maxValue?: string;
  readonly minDepositAmount?: string;
  readonly maxDepositAmount?: string;
  readonly payGroups: readonly string[];
}

/** A demo player of the seed. */
export interface SeedPlayer {
  readonly externalId: string;
  readonly country: string;
  readonly phone: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  /** Currency alpha3 to the starting balance. */
  readonly balances: Readonly<Record<string, string>>;
  /**
   * Currency alpha3 to the outstanding wager (SPEC §4 wager rule; player_balances
   * wager_remaining); the currency must be one of `balances`. Absent: no wager.
   */
  readonly wagers?: Readonly<Record<string, string>>;
  readonly cards: readonly SeedCard[];
  readonly payoutAccounts: readonly SeedPayoutAccount[];
  readonly bonuses: readonly SeedBonus[];
  /** Short names of the last used deposit and withdrawal pay groups. */
  readonly lastUsed: { readonly deposit?: string; readonly withdrawal?: string };
}

/** A tax tier of the seed. */
export interface SeedTaxTier {
  readonly flow: 'deposit' | 'withdrawal';
  readonly from: string;
  readonly to: string | null;
  readonly percentValue: string;
  readonly absoluteValue: string;
}

/** A bet shop of the seed. */
export interface SeedBetShop {
  readonly city: string;
  readonly name: string;
  readonly address: string;
  readonly workingHours: WorkingHours;
}

/** The lost-profit bonus of a brand: the pay group and its tiers. */
export interface SeedLostProfit {
  readonly payGroup: string;
  readonly tiers: readonly {
    readonly from: string | null;
    readonly to: string | null;
    readonly percentValue: string | null;
    readonly absoluteValue: string | null;
  }[];
}

/** A notification of the seed. */
export interface SeedNotification {
  readonly key: string;
  readonly categories: readonly string[];
  /** Short name of the deposit pay group it concerns, if any. */
  readonly payGroup: string | null;
  readonly message: string;
}

/** Everything the seed writes for one brand. */
export interface SeedBrand {
  readonly brand: typeof brands.$inferInsert;
  readonly payGroups: readonly SeedPayGroup[];
  readonly taxTiers: readonly SeedTaxTier[];
  readonly lostProfit: SeedLostProfit | null;
  readonly betShops: readonly SeedBetShop[];
  readonly contentPages: readonly Omit<typeof contentPages.$inferInsert, 'brandId' | 'id'>[];
  readonly notifications: readonly SeedNotification[];
  readonly players: readonly SeedPlayer[];
  /** Currency every player created on demand (sandbox sessions) gets a balance row in. */
  readonly defaultBalances: Readonly<Record<string, string>>;
}

/** SPEC §3 currencies: EUR (2 places), JPY (0) for brand0 and KWD (3) for brand1. */
export const SEED_CURRENCIES: readonly (typeof currencies.$inferInsert)[] = [
  { alpha3: 'EUR', currencyId: 978, name: 'Euro', isoNumber: 978, precision: 2 },
  { alpha3: 'JPY', currencyId: 392, name: 'Japanese yen', isoNumber: 392, precision: 0 },
  { alpha3: 'KWD', currencyId: 414, name: 'Kuwaiti dinar', isoNumber: 414, precision: 3 },
];

/** Restricted methods stay restricted for the life of a demo database. */
const FAR_FUTURE = new Date('2099-12-31T23:00:00Z');

const EUR_LIMITS = { currency: 'EUR', minAmount: '5', maxAmount: '5000' } as const;
const JPY_LIMITS = { currency: 'JPY', minAmount: '500', maxAmount: '500000' } as const;

/** SPEC §3, §5: the card fields of a deposit form (number, expiry, CVV, holder, saved card). */
const CARD_DEPOSIT_FIELDS: readonly StoredFieldDefinition[] = [
  {
    name: 'card_id',
    type: 'select',
    extended_type: 'card_id',
    label: 'PH.FIELD.SAVED_CARD',
    placeholder_empty_list: 'PH.FIELD.NO_SAVED_CARDS',
  },
  {
    name: 'card_pan',
    type: 'input',
    extended_type: 'card_pan',
    label: 'PH.FIELD.CARD_NUMBER',
    placeholder: '0000 0000 0000 0000',
    is_required: true,
  },
  {
    name: 'expirationDate',
    type: 'input',
    label: 'PH.FIELD.EXPIRY',
    placeholder: 'MM/YY',
    is_required: true,
  },
  {
    name: 'card_cvv',
    type: 'input',
    extended_type: 'card_cvv',
    label: 'PH.FIELD.CVV',
    is_required: true,
  },
  {
    name: 'card_cardholder_name',
    type: 'input',
    extended_type: 'card_cardholder_name',
    label: 'PH.FIELD.CARDHOLDER',
    max_length: 255,
    is_required: true,
  },
  { name: 'save_card', type: 'check', label: 'PH.FIELD.SAVE_CARD' },
];

/**
 * The demo host page of `npm start` (scripts/start.ts, default HOST_PAGE_PORT 8081), the
 * one site allowed to frame the demo brands' widget besides the widget's own origin.
 */
export const DEMO_HOST_PAGE_ORIGIN = 'http://localhost:8081';

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
  payGroups: [
    // --- deposit ---
    {
      flow: 'deposit',
      shortName: 'card',
      publicName: 'Visa / Mastercard',
      providerKind: 'card',
      payMethodType: 'cards',
      arrangement: 100,
      popular: true,
      showInCarousel: true,
      allowPreSelectedMethod: true,
      infoUrl: 'https://demo.cashdesk.test/help/cards',
      merchantFeePercentage: '1.5',
      merchantFeeFix: '0.25',
      fields: CARD_DEPOSIT_FIELDS,
      currencies: [
        {
          ...EUR_LIMITS,
          maxRecurringAmount: '500',
          fee: '0%',
          amountBlocks: ['10', '25', '50', '100'],
          presetAmount: '25',
          processingTimeTranslationKey: 'PH.PROCESSING_TIME.INSTANT',
          showProcessingTime: true,
        },
        {
          ...JPY_LIMITS,
          maxRecurringAmount: '50000',
          fee: '0%',
          amountBlocks: ['1000', '3000', '5000', '10000'],
          presetAmount: '3000',
        },
      ],
    },
    {
      flow: 'deposit',
      shortName: 'apple_pay',
      publicName: 'Apple Pay',
      providerKind: 'card',
      payMethodType: 'mobile',
      nativePayType: 'apple_pay',
      arrangement: 95,
      logo: '/assets/logos/apple-pay.svg',
      fields: [],
      currencies: [{ ...EUR_LIMITS, fee: '0%', amountBlocks: ['10', '25', '50'] }],
    },
    {
      flow: 'deposit',
      shortName: 'ewallet',
      publicName: 'E-Wallet (redirect)',
      providerKind: 'alternative',
      payMethodType: 'e_wallets',
      arrangement: 90,
      showInCarousel: true,
      logo: '/assets/logos/ewallet.svg',
      selfTarget: true,
      fields: [
        {
          name: 'wallet_phone',
          type: 'input',
          extended_type: 'phone_with_country',
          label: 'PH.FIELD.PHONE',
          regexp: '^\\+[0-9]{8,15}$',
          is_required: true,
        },
        {
          name: 'email',
          type: 'user_email',
          label: 'PH.FIELD.EMAIL',
          regexp: '^[^@\\s]+@[^@\\s]+$',
        },
      ],
      currencies: [
        { ...EUR_LIMITS, fee: '2%', amountBlocks: ['20', '50', '100'] },
        { ...JPY_LIMITS, fee: '2%', amountBlocks: ['2000', '5000', '10000'] },
      ],
    },
    {
      flow: 'deposit',
      shortName: 'mobile_money',
      publicName: 'Mobile money (await)',
      providerKind: 'mobile',
      payMethodType: 'mobile',
      arrangement: 80,
      showInCarousel: true,
      logo: '/assets/logos/mobile.svg',
      fields: [
        { name: 'phone', type: 'user_phone', label: 'PH.FIELD.PHONE', is_read_only: true },
        {
          name: 'operator',
          type: 'select',
          label: 'PH.FIELD.OPERATOR',
          is_required: true,
          options: [
            { label: 'Operator A', value: 'operator_a', is_selected: true },
            { label: 'Operator B', value: 'operator_b' },
          ],
        },
      ],
      currencies: [{ ...EUR_LIMITS, fee: '1%', amountBlocks: ['10', '20', '50'] }],
    },
    {
      flow: 'deposit',
      shortName: 'crypto_qr',
      publicName: 'Crypto (QR code)',
      providerKind: 'display_form',
      payMethodType: 'crypto',
      workflowType: 'display-form',
      arrangement: 70,
      showInCarousel: true,
      logo: '/assets/logos/crypto.svg',
      amountRegExpFe: '^[0-9]+(\\.[0-9]{1,2})?$',
      fields: [
        {
          name: 'network',
          type: 'select',
          label: 'PH.FIELD.NETWORK',
          is_required: true,
          options: [
            { label: 'Bitcoin', value: 'btc' },
            { label: 'Ethereum', value: 'eth' },
          ],
        },
      ],
      currencies: [
        { ...EUR_LIMITS, minAmount: '20', fee: '0%', amountBlocks: ['50', '100', '200'] },
      ],
    },
    {
      flow: 'deposit',
      shortName: 'bank_transfer',
      publicName: 'Bank transfer',
      providerKind: 'bank_transfer',
      payMethodType: 'bank_transfers',
      arrangement: 60,
      logo: '/assets/logos/bank.svg',
      fields: [
        {
          name: 'beneficiary_iban',
          type: 'info',
          extended_type: 'disabled_input_copy',
          label: 'PH.FIELD.BENEFICIARY_IBAN',
          user_requisite: 'DE89 3704 0044 0532 0130 00',
          is_read_only: true,
        },
        { name: 'transfer_date', type: 'date', label: 'PH.FIELD.TRANSFER_DATE', is_required: true },
        { name: 'receipt', type: 'file_upload', label: 'PH.FIELD.RECEIPT', is_required: true },
      ],
      currencies: [{ ...EUR_LIMITS, minAmount: '50', maxAmount: '50000', fee: '0%' }],
      // SPEC §3 information display kinds, one of each the method page shows above its form.
      viewData: [
        {
          type: 'information_block',
          key: 'reference',
          title: 'PH.VIEW_DATA.BANK_TRANSFER.REFERENCE_TITLE',
          text: 'PH.VIEW_DATA.BANK_TRANSFER.REFERENCE_TEXT',
        },
        { type: 'text', key: 'arrival', text: 'PH.VIEW_DATA.BANK_TRANSFER.ARRIVAL' },
        {
          type: 'line',
          key: 'beneficiary',
          title: 'PH.VIEW_DATA.BANK_TRANSFER.BENEFICIARY',
          text: 'Cashdesk Demo Ltd',
        },
        {
          type: 'collapse',
          key: 'how_to',
          title: 'PH.VIEW_DATA.BANK_TRANSFER.HOW_TITLE',
          text: 'PH.VIEW_DATA.BANK_TRANSFER.HOW_TEXT',
        },
        {
          type: 'popup',
          key: 'fees',
          title: 'PH.VIEW_DATA.BANK_TRANSFER.FEES_TITLE',
          text: 'PH.VIEW_DATA.BANK_TRANSFER.FEES_TEXT',
        },
        {
          type: 'additional_info',
          key: 'own_account',
          text: 'PH.VIEW_DATA.BANK_TRANSFER.OWN_ACCOUNT',
        },
      ],
    },
    {
      flow: 'deposit',
      shortName: 'betshop_cash',
      publicName: 'Cash at a bet shop',
      providerKind: 'bet_shop',
      payMethodType: 'bet_shops',
      arrangement: 50,
      logo: '/assets/logos/betshop.svg',
      fields: [
        {
          name: 'bet_shop',
          type: 'select',
          extended_type: 'bet_shop',
          label: 'PH.FIELD.BET_SHOP',
          is_required: true,
        },
      ],
      currencies: [{ ...EUR_LIMITS, fee: '0%' }],
    },
    {
      flow: 'deposit',
      shortName: 'prepaid_voucher',
      publicName: 'Prepaid voucher (restricted)',
      providerKind: 'alternative',
      payMethodType: 'prepaid_cash',
      arrangement: 40,
      restrictedUntil: FAR_FUTURE,
      logo: '/assets/logos/voucher.svg',
      fields: [
        {
          name: 'voucher_code',
          type: 'input',
          label: 'PH.FIELD.VOUCHER',
          is_required: true,
          min_length: 16,
          max_length: 16,
        },
      ],
      currencies: [{ ...EUR_LIMITS, fee: '0%' }],
    },
    {
      // SPEC §4 workflow host-to-host: the widget's card checkout (route /checkout) takes the
      // card and sends the payment request payload (card_exp_month, card_bin, ...).
      flow: 'deposit',
      shortName: 'card_checkout',
      publicName: 'Card (secure checkout)',
      providerKind: 'card',
      payMethodType: 'cards',
      arrangement: 35,
      workflowType: 'host-to-host',
      fields: CARD_DEPOSIT_FIELDS,
      currencies: [
        {
          ...EUR_LIMITS,
          maxRecurringAmount: '500',
          fee: '0%',
          amountBlocks: ['10', '25', '50'],
          presetAmount: '25',
        },
      ],
    },
    {
      flow: 'deposit',
      shortName: 'legacy_wallet',
      publicName: 'Legacy wallet (disabled)',
      providerKind: 'alternative',
      payMethodType: 'e_wallets',
      arrangement: 30,
      enabled: false,
      logo: '/assets/logos/wallet.svg',
      fields: [],
      currencies: [{ ...EUR_LIMITS, fee: '0%' }],
    },
    // --- withdrawal ---
    {
      flow: 'withdrawal',
      shortName: 'card_payout',
      publicName: 'Payout to card',
      providerKind: 'card',
      payMethodType: 'cards',
      arrangement: 100,
      popular: true,
      showInCarousel: true,
      fields: [
        {
          name: 'card_id',
          type: 'select',
          extended_type: 'card_id',
          label: 'PH.FIELD.PAYOUT_CARD',
          placeholder_empty_list: 'PH.FIELD.NO_SAVED_CARDS',
          placeholder_empty_list_error: 'PH.FIELD.ADD_CARD_FIRST',
          is_required: true,
          user_requisite_type_id: 1,
        },
      ],
      currencies: [
        { ...EUR_LIMITS, minAmount: '10', fee: '0%' },
        { ...JPY_LIMITS, minAmount: '1000', fee: '0%' },
      ],
    },
    {
      flow: 'withdrawal',
      shortName: 'ewallet_payout',
      publicName: 'E-Wallet payout',
      providerKind: 'alternative',
      payMethodType: 'e_wallets',
      arrangement: 90,
      showInCarousel: true,
      verifyNewPayoutAccount: true,
      logo: '/assets/logos/ewallet.svg',
      fields: [
        {
          name: 'wallet_phone',
          type: 'input',
          extended_type: 'phone_with_country',
          label: 'PH.FIELD.PHONE',
          regexp: '^\\+[0-9]{8,15}$',
          is_required: true,
          is_otp_requisites: true,
          user_requisite_type_id: 2,
          verify_new_payout_account: true,
        },
        {
          name: 'save_requisites',
          type: 'check',
          extended_type: 'save_requisites',
          label: 'PH.FIELD.SAVE_ACCOUNT',
        },
      ],
      currencies: [{ ...EUR_LIMITS, fee: '1%' }],
    },
    {
      flow: 'withdrawal',
      shortName: 'mobile_payout',
      publicName: 'Mobile money payout (await)',
      providerKind: 'mobile',
      payMethodType: 'mobile',
      arrangement: 80,
      logo: '/assets/logos/mobile.svg',
      // The money goes to the profile phone: a player without one is told so (SPEC §8).
      fields: [
        {
          name: 'phone',
          type: 'user_phone',
          label: 'PH.FIELD.PHONE',
          is_read_only: true,
          is_required: true,
        },
      ],
      currencies: [{ ...EUR_LIMITS, fee: '0%' }],
    },
    {
      flow: 'withdrawal',
      shortName: 'crypto_payout',
      publicName: 'Crypto payout (QR code)',
      providerKind: 'display_form',
      payMethodType: 'crypto',
      workflowType: 'display-form',
      arrangement: 70,
      logo: '/assets/logos/crypto.svg',
      fields: [
        {
          name: 'wallet_address',
          type: 'input',
          label: 'PH.FIELD.WALLET_ADDRESS',
          regexp: '^[A-Za-z0-9]{26,64}$',
          is_required: true,
        },
      ],
      currencies: [{ ...EUR_LIMITS, minAmount: '20', fee: '0%' }],
    },
    {
      flow: 'withdrawal',
      shortName: 'bank_payout',
      publicName: 'Bank transfer payout',
      providerKind: 'bank_transfer',
      payMethodType: 'bank_transfers',
      arrangement: 60,
      logo: '/assets/logos/bank.svg',
      fields: [
        {
          name: 'iban',
          type: 'input',
          label: 'PH.FIELD.IBAN',
          regexp: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$',
          validation_msg_key: 'PH.ERROR.INCORRECT_IBAN',
          is_required: true,
          user_requisite_type_id: 3,
        },
        { name: 'birth_date', type: 'date', label: 'PH.FIELD.BIRTH_DATE', is_required: true },
        {
          name: 'account_owner_confirmed',
          type: 'user_verified',
          label: 'PH.FIELD.ACCOUNT_OWNER',
          is_required: true,
        },
        { name: 'id_document', type: 'file_upload', label: 'PH.FIELD.ID_DOCUMENT' },
      ],
      currencies: [{ ...EUR_LIMITS, minAmount: '50', maxAmount: '50000', fee: '0%' }],
    },
    {
      flow: 'withdrawal',
      shortName: 'betshop_payout',
      publicName: 'Cash pick-up at a bet shop',
      providerKind: 'bet_shop',
      payMethodType: 'bet_shops',
      arrangement: 50,
      logo: '/assets/logos/betshop.svg',
      fields: [
        {
          name: 'bet_shop',
          type: 'select',
          extended_type: 'bet_shop',
          label: 'PH.FIELD.BET_SHOP',
          is_required: true,
        },
      ],
      currencies: [{ ...EUR_LIMITS, fee: '0%' }],
    },
  ],
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

/** Every brand the seed writes, in order. */
export const SEED_BRANDS: readonly SeedBrand[] = [BRAND0, BRAND1];
