/**
 * brand0's withdrawal pay groups: one of every method kind of SPEC §1 that pays out (card,
 * e-wallet with a verified new account, mobile money, crypto, bank transfer, bet-shop pick-up).
 *
 * @packageDocumentation
 */
import { EUR_LIMITS, JPY_LIMITS } from './shared';
import type { SeedPayGroup } from './types';

/** brand0's withdrawal pay groups, in the order the seed writes them. */
export const BRAND0_PAYOUT_METHODS: readonly SeedPayGroup[] = [
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
];
