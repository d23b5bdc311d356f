/**
 * brand0's deposit pay groups: one of every method kind of SPEC §1 (card, Apple Pay, Google Pay, redirect,
 * await, QR code, bank transfer with a receipt, bet-shop cash, host-to-host checkout), their forms
 * holding every field kind of SPEC §3, and a popular, a restricted and a disabled method.
 *
 * @packageDocumentation
 */
import { CARD_DEPOSIT_FIELDS, EUR_LIMITS, JPY_LIMITS } from './shared';
import type { SeedPayGroup } from './types';

/** Restricted methods stay restricted for the life of a demo database. */
const FAR_FUTURE = new Date('2099-12-31T23:00:00Z');

/** brand0's deposit pay groups, in the order the seed writes them. */
export const BRAND0_DEPOSIT_METHODS: readonly SeedPayGroup[] = [
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
    shortName: 'google_pay',
    publicName: 'Google Pay',
    providerKind: 'card',
    payMethodType: 'mobile',
    nativePayType: 'google_pay',
    arrangement: 94,
    logo: '/assets/logos/google-pay.svg',
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
    // docs/fees.md: the player pays 2 % (merchant user fee); the wallet's own 2 % (the method fee
    // of each currency) is the operator's. A 10.00 deposit charges the player 10.20, not 10.40.
    merchantFeePercentage: '2',
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
    currencies: [{ ...EUR_LIMITS, minAmount: '20', fee: '0%', amountBlocks: ['50', '100', '200'] }],
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
      {
        // The reference the transfer carries: the player's ID, filled in by the cashier.
        name: 'transfer_reference',
        type: 'info',
        extended_type: 'disabled_input_copy',
        label: 'PH.FIELD.TRANSFER_REFERENCE',
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
];
