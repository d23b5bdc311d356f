/**
 * One realistic example of every request and answer of the contract. The tests parse each with
 * its schema, the OpenAPI document shows them, and the server and widget tests may reuse them.
 * Typed as the schema's input (what travels on the wire), so a schema change that breaks an
 * example fails to compile.
 *
 * @packageDocumentation
 */
import type * as z from 'zod/mini';
import type {
  InteractionResponse,
  StatusResponse,
  ThreeDsResultRequest,
} from './schemas/alternative';
import type { DepositInitResponse, PayoutInitResponse } from './schemas/cashier';
import type { ErrorBody } from './schemas/common';
import type { PaymentHistoryResponse } from './schemas/history';
import type { ContentPageResponse, RtlAssetsResponse } from './schemas/content';
import type { FieldDefinition, WithdrawalFieldDefinition } from './schemas/fields';
import type {
  DepositMethodDetail,
  PayoutMethodDetail,
  SelectRequest,
} from './schemas/method-detail';
import type { MetricsRequest, MetricsResponse } from './schemas/metrics';
import type { ClientReportRequest, ClientReportResponse } from './schemas/client-reports';
import type { PayGroup } from './schemas/pay-group';
import type { PaySession, SubmitRequest, UploadResponse } from './schemas/payment';
import type {
  DepositRouteResponse,
  PaymentOtpRequest,
  PaymentOtpResponse,
  PayoutRouteResponse,
  ReversePendingWithdrawalResponse,
  RouteRequest,
} from './schemas/routing';
import type {
  OtpSendRequest,
  OtpSendResponse,
  OtpVerifyRequest,
  OtpVerifyResponse,
  RequisiteCreateRequest,
  RequisiteCreateResponse,
  RequisiteDeleteResponse,
} from './schemas/account-management';
import type { SandboxSessionRequest, SandboxSessionResponse } from './schemas/sandbox';
import type {
  DeleteCardRequest,
  DeleteCardResponse,
  RecurringCheckRequest,
  RecurringCheckResponse,
  UserCardsResponse,
} from './schemas/user-cards';

type In<T extends z.ZodMiniType> = z.input<T>;

/** A card pay group of the deposit list (SPEC §3 "Pay group as received"). */
export const EXAMPLE_CARD_PAY_GROUP = {
  id: 101,
  short_name: 'visa_mastercard',
  public_name: 'Visa / Mastercard',
  arrangement: 100,
  popular: true,
  logo: '/assets/images/brand0/2x/visa_mastercard.png',
  native_pay_type: null,
  action_type: 'activity',
  info: null,
  info_in_iframe: false,
  pay_method_type: 'cards',
  last_used: true,
  auto_submit: false,
  show_in_carousel: true,
  allow_pre_selected_method: true,
  restricted_until: null,
  merchant_user_fee: { percentage: '1.5', fix: '0.20' },
  display_limits: true,
  currencies: [
    {
      currency_id: 978,
      name: 'Euro',
      alpha3: 'EUR',
      iso_number: 978,
      precision: 2,
      fee: '2%',
      processing_time_translation_key: 'PH.PROCESSING_TIME.INSTANT',
      show_processing_time: true,
      limits: { min_amount: '10.00', max_amount: '5000.00' },
    },
  ],
  pay_group: 'cards',
} as const satisfies In<typeof PayGroup>;

/** A restricted bank-transfer pay group. */
export const EXAMPLE_BANK_PAY_GROUP = {
  id: 102,
  short_name: 'bank_transfer',
  public_name: 'Bank transfer',
  arrangement: 50,
  action_type: 'activity',
  pay_method_type: 'bank_transfers',
  restricted_until: '2030-01-31T12:00:00.000Z',
  currencies: [
    {
      currency_id: 978,
      alpha3: 'EUR',
      precision: 2,
      limits: { min_amount: '20', max_amount: null },
    },
  ],
} as const satisfies In<typeof PayGroup>;

/** SPEC §3 cashier response, deposit. */
export const EXAMPLE_DEPOSIT_INIT = {
  view_data: [
    {
      type: 'information_block',
      key: 'deposit_info',
      title: 'PH.DEPOSIT.INFO.TITLE',
      text: 'PH.DEPOSIT.INFO.TEXT',
    },
  ],
  payment_groups: [EXAMPLE_CARD_PAY_GROUP, EXAMPLE_BANK_PAY_GROUP],
  cashier_settings: { country_filtering_enabled: true },
  cashier_features: ['billing_carousel', 'billing_quick_suggestions', 'billing_lost_profit'],
  lost_profit_merchant_bonus: {
    pay_group: 102,
    tiers: [
      { from: '0', to: '100', percent_value: '5', absolute_value: null },
      { from: '100', to: null, percent_value: '10', absolute_value: '20' },
    ],
  },
  withdrawal_reverse: null,
  tax: {
    tiers: [
      { from: '0', to: '100', percent_value: '0', absolute_value: '0' },
      { from: '100', percent_value: '10', absolute_value: '0' },
    ],
  },
  user_bonuses: [
    {
      bonusDescription: 'Welcome bonus: 50% up to 100 EUR',
      bonusInfo: {
        absoluteBonusValue: null,
        percentBonusValue: '50',
        maxBonusValue: '100',
        minDepositAmount: '20',
        maxDepositAmount: null,
      },
    },
    {
      bonusDescription: '10 EUR on card deposits',
      bonusPayGroupsIds: [101],
      bonusInfo: {
        absoluteBonusValue: '10',
        percentBonusValue: null,
        maxBonusValue: null,
        minDepositAmount: '10',
        maxDepositAmount: '1000',
      },
    },
  ],
  merchant_url: 'https://brand0.example.com/',
  merchant_success_url: 'https://brand0.example.com/cashier/success',
  merchant_fail_url: 'https://brand0.example.com/cashier/fail',
  merchant_processing_url: null,
  merchant_redirect_type: 'self',
  user_balance: '250.00',
  auth_token: 'ct_9f2c1e7a4b',
  widget_settings: {
    currency_display_setting_id: 1,
    bonus_in_amount_block: true,
    processing_page_redirect_timeout: 10,
    success_page_redirect_timeout: 30,
    show_pci_dss_logo: true,
  },
  user_profile: { country: 'MT', phone: '+35699123456', language: 'en' },
} as const satisfies In<typeof DepositInitResponse>;

/** SPEC §3 cashier response, withdrawal (user_balance left to its default). */
export const EXAMPLE_PAYOUT_INIT = {
  view_data: [],
  payout_groups: [EXAMPLE_CARD_PAY_GROUP],
  cashier_settings: { country_filtering_enabled: false },
  cashier_features: [],
  lost_profit_merchant_bonus: null,
  withdrawal_reverse: { amount: '40.00', currency: 'EUR' },
  tax: { tiers: [] },
  user_bonuses: [],
  merchant_url: '/',
  merchant_success_url: null,
  merchant_fail_url: null,
  merchant_processing_url: null,
  merchant_redirect_type: 'blank',
  auth_token: 'ct_9f2c1e7a4b',
  widget_settings: {
    currency_display_setting_id: 3,
    bonus_in_amount_block: false,
    processing_page_redirect_timeout: 5,
  },
  user_profile: { country: null, phone: null, language: 'de' },
} as const satisfies In<typeof PayoutInitResponse>;

/** SPEC §3 form fields of a card form. */
export const EXAMPLE_CARD_FIELDS: In<typeof FieldDefinition>[] = [
  {
    name: 'card_pan',
    type: 'input',
    extended_type: 'card_pan',
    data_type: 'String',
    label: 'PH.CARD_NUMBER',
    is_required: true,
  },
  {
    name: 'expirationDate',
    type: 'input',
    extended_type: 'card_exp_month',
    is_required: true,
    custom_reg_exp: { month: '^(0[1-9]|1[0-2])$', year: '^[0-9]{2}$' },
    validation_keys: { month: 'PH.ERROR.INCORRECT_EXP_DATE', year: 'PH.ERROR.INCORRECT_EXP_DATE' },
  },
  {
    name: 'card_cvv',
    type: 'input',
    extended_type: 'card_cvv',
    is_required: true,
    min_length: 3,
    max_length: 3,
  },
  {
    name: 'card_cardholder_name',
    type: 'input',
    extended_type: 'card_cardholder_name',
    max_length: 255,
  },
  {
    name: 'bank',
    type: 'select',
    label: 'PH.BANK',
    options: [
      { label: 'Bank One', value: 'b1', is_selected: true },
      { label: 'Bank Two', value: 2 },
    ],
  },
  { name: 'receipt', type: 'file_upload', is_required: false },
  { name: 'birth_date', type: 'date', data_type: 'String', label: 'PH.BIRTH_DATE' },
];

/** SPEC §3 method detail, deposit. */
export const EXAMPLE_DEPOSIT_DETAIL = {
  currency: 'EUR',
  limits: { min_amount: '10.00', max_amount: '5000.00', max_recurring_amount: '500.00' },
  amount_blocks: ['20', '50', '100', '200'],
  experiment_amount_blocks: null,
  preselected_amount_block: '50',
  parameters: EXAMPLE_CARD_FIELDS,
  view_data: [],
  processing_currency: 'USD',
  show_processing_currency: true,
  processing_currency_rate: '1.0850',
  amount_reg_exp_fe: '^[0-9]+(\\.[0-9]{1,2})?$',
  auto_submit: false,
  preset_behavior: null,
  preset_amount: '50',
  preset_currency: 'EUR',
  allow_preset_amount: true,
  merchant_user_fee: { percentage: '1.5', fix: '0.20' },
  processing_time_translation_key: 'PH.PROCESSING_TIME.INSTANT',
  workflow_type: 'host_to_host',
  info: null,
  fee: '2%',
  is_routable: false,
} as const satisfies In<typeof DepositMethodDetail>;

/** A withdrawal account field (SPEC §3 withdrawal additions). */
export const EXAMPLE_PAYOUT_FIELDS: In<typeof WithdrawalFieldDefinition>[] = [
  {
    name: 'account',
    type: 'select',
    extended_type: 'save_requisites',
    is_required: true,
    placeholder_empty_list: 'PH.WITHDRAWAL.NO_ACCOUNTS',
    user_requisite_type_id: 3,
    verify_new_payout_account: true,
    is_otp_requisites: false,
  },
  { name: 'bet_shop', type: 'select', extended_type: 'bet_shop', is_required: true },
];

/** SPEC §3 method detail, withdrawal. */
export const EXAMPLE_PAYOUT_DETAIL = {
  currency: 'EUR',
  limits: { min_amount: '20', max_amount: '2000', max_recurring_amount: null },
  amount_blocks: [],
  parameters: EXAMPLE_PAYOUT_FIELDS,
  view_data: [{ type: 'wager', key: 'wager_amount', value: '35.00' }],
  workflow_type: 'form',
  payout_account_verification_blocked: false,
  payout_account_verification_blocked_until: null,
  support_url: 'https://brand0.example.com/support',
  trusted_contacts: [
    { contact_type: 'email', masked_contact: 'j***@example.com' },
    { contact_type: 'phone', masked_contact: '+3569****456' },
  ],
  allow_new_payout_account: true,
  payout_accounts: [
    {
      id: 'req_7QpX2',
      label: 'Main account',
      masked: 'DE89 **** 3000',
      verified: true,
      requisite_type: '3',
    },
  ],
  bet_shops: [
    {
      id: 'shop_1',
      name: 'Valletta Central',
      address: '12 Republic Street',
      city: 'Valletta',
      working_hours: [
        { day: 1, opens: '09:00', closes: '21:00' },
        { day: 6, opens: '10:00', closes: '18:00' },
      ],
    },
  ],
} as const satisfies In<typeof PayoutMethodDetail>;

/** SPEC §7 select request. */
export const EXAMPLE_SELECT = { currency: 'EUR' } as const satisfies In<typeof SelectRequest>;

/** SPEC §3 deposit submit body with a new card. */
export const EXAMPLE_DEPOSIT_SUBMIT = {
  amount: '50.00',
  currency: 'EUR',
  fields: {
    card_pan: '4111111111111111',
    month: '12',
    year: '30',
    card_cvv: '123',
    card_cardholder_name: 'JANE DOE',
    bank: 'b1',
    birth_date: '1990-05-01T00:00:00.000Z',
  },
  save_card: true,
  browser_data: {
    color_depth: 24,
    language: 'en-GB',
    time_zone: -60,
    timezone_name: 'Europe/Malta',
    java_enabled: false,
    screen_height: 1080,
    screen_width: 1920,
    window_height: 900,
    window_width: 474,
    user_agent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    java_script_enabled: true,
  },
  fingerprint: 'fp_5d1a0c',
} as const satisfies In<typeof SubmitRequest>;

/** SPEC §3 payment request payload with a saved card and a number amount. */
export const EXAMPLE_SAVED_CARD_SUBMIT = {
  amount: 75.5,
  currency: 'EUR',
  card_data: { card_id: 'card_3fA9' },
  parameters: { card_id: 'card_3fA9', card_cvv: '123', is_card_token_active: true },
} as const satisfies In<typeof SubmitRequest>;

/** A withdrawal submit to a new payout account. */
export const EXAMPLE_PAYOUT_SUBMIT = {
  amount: '40',
  currency: 'EUR',
  parameters: { account: 'DE89370400440532013000' },
  is_new_payout_account: true,
} as const satisfies In<typeof SubmitRequest>;

/** SPEC §3 pay session: a 3-D Secure redirect. */
export const EXAMPLE_PAY_SESSION_REDIRECT = {
  session_id: 'ps_4c8e1b',
  transaction_id: 'tx_01HZX9',
  step: 'redirect',
  action: 'redirect',
  result_status: 'processing',
  session_status: 'active',
  transaction_status: 'await',
  experiment_user_group: null,
  decline_page_settings: null,
  error_fatal: false,
  error_code: null,
  error_message: null,
  success_url: 'https://brand0.example.com/cashier/success',
  fail_url: 'https://brand0.example.com/cashier/fail',
  processing_url: null,
  merchant_url: 'https://brand0.example.com/',
  redirect_data: { url: '/sandbox/3ds/tx_01HZX9', method: 'GET', fields: {} },
  display_form: null,
  voucher: null,
  amount: '50.00',
  currency: 'EUR',
  user_balance: '250.00',
} as const satisfies In<typeof PaySession>;

/** SPEC §3 pay session: a declined card (action left to its default). */
export const EXAMPLE_PAY_SESSION_DECLINED = {
  session_id: 'ps_4c8e1c',
  transaction_id: 'tx_01HZXA',
  step: 'result',
  result_status: 'error',
  session_status: 'completed',
  transaction_status: 'error',
  experiment_user_group: 'B',
  decline_page_settings: {
    retry: true,
    change_method: true,
    all_methods: true,
    into_game: false,
    message_key: 'CASHIER.ERROR.PAYMENT_DECLINED',
  },
  error_fatal: false,
  error_code: '1301',
  error_message: 'CASHIER.ERROR.PAYMENT_DECLINED',
  success_url: null,
  fail_url: null,
  processing_url: null,
  merchant_url: null,
  redirect_data: null,
  display_form: null,
  voucher: null,
  amount: '50.00',
  currency: 'EUR',
  user_balance: '250.00',
} as const satisfies In<typeof PaySession>;

/** SPEC §3 pay session: a display form with a QR code. */
export const EXAMPLE_PAY_SESSION_DISPLAY_FORM = {
  ...EXAMPLE_PAY_SESSION_DECLINED,
  step: 'display_form',
  action: 'none',
  result_status: 'await',
  session_status: 'active',
  transaction_status: 'await',
  decline_page_settings: null,
  error_code: null,
  error_message: null,
  display_form: {
    qr_payload:
      'BCD\n002\n1\nSCT\n\nCashdesk Sandbox\nDE89370400440532013000\nEUR50.00\n\n\nREF-7K2M9',
    expires_at: '2030-01-31T12:15:00.000Z',
    reference: 'REF-7K2M9',
    amount: '50.00',
    currency: 'EUR',
    copy_fields: [
      { name: 'iban', label: 'IBAN', value: 'DE89370400440532013000' },
      { name: 'reference', label: 'Reference', value: 'REF-7K2M9' },
    ],
  },
} as const satisfies In<typeof PaySession>;

/** The player's payments, an open QR code payment first. */
export const EXAMPLE_PAYMENT_HISTORY = {
  payments: [
    {
      transaction_id: 'tx_01HZXA',
      flow: 'deposit',
      open: true,
      transaction_status: 'await',
      result_status: 'await',
      amount: '50.00',
      currency: 'EUR',
      pay_group_id: 102,
      method_name: 'Bank transfer',
      created_at: '2030-01-31T12:00:00.000Z',
      reference: 'REF-7K2M9',
      this_session: true,
      cancelled_by: null,
      pay_session: EXAMPLE_PAY_SESSION_DISPLAY_FORM,
    },
    {
      transaction_id: 'tx_01HZX9',
      flow: 'deposit',
      open: false,
      transaction_status: 'error',
      result_status: 'error',
      amount: '50.00',
      currency: 'EUR',
      pay_group_id: 101,
      method_name: 'Visa / Mastercard',
      created_at: '2030-01-30T09:30:00.000Z',
      reference: 'tx_01HZX9',
      this_session: false,
      cancelled_by: null,
      pay_session: null,
    },
  ],
  next_cursor: null,
} as const satisfies In<typeof PaymentHistoryResponse>;

/** SPEC §7 upload answer. */
export const EXAMPLE_UPLOAD = {
  document_id: 'doc_8XyZ',
  file_name: 'receipt.pdf',
  size: 48213,
  mime_type: 'application/pdf',
  transaction_id: 'tx_01HZX9',
} as const satisfies In<typeof UploadResponse>;

/** SPEC §7 route request and answers. */
export const EXAMPLE_ROUTE_REQUEST = {
  currency: 'EUR',
  amount: '50',
  parameters: { bank: 'b1' },
} as const satisfies In<typeof RouteRequest>;

/** SPEC §7 deposit route answer. */
export const EXAMPLE_DEPOSIT_ROUTE = {
  parameters: [
    { name: 'iban', type: 'input', regexp: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$', is_required: true },
  ],
  view_data: [],
  card_data: null,
} as const satisfies In<typeof DepositRouteResponse>;

/** SPEC §7 withdrawal route answer. */
export const EXAMPLE_PAYOUT_ROUTE = {
  parameters: EXAMPLE_PAYOUT_FIELDS,
  view_data: [],
  card_data: { card_id: 'card_3fA9' },
} as const satisfies In<typeof PayoutRouteResponse>;

/** SPEC §7 payment OTP. */
export const EXAMPLE_PAYMENT_OTP_REQUEST = {
  currency: 'EUR',
  amount: '50',
  parameters: { phone: '+35699123456' },
  field_name: 'otp',
} as const satisfies In<typeof PaymentOtpRequest>;

/** SPEC §7 payment OTP answer. */
export const EXAMPLE_PAYMENT_OTP = {
  status: 'sent',
  error: false,
  can_resend: true,
  error_code: null,
  error_message: null,
  resend_after: 60,
  field_name: 'otp',
} as const satisfies In<typeof PaymentOtpResponse>;

/** SPEC §7 reversal answer. */
export const EXAMPLE_REVERSAL = {
  success_amount: '40.00',
  fail_amount: null,
  currency: 'EUR',
} as const satisfies In<typeof ReversePendingWithdrawalResponse>;

/** SPEC §7 interaction data. */
export const EXAMPLE_INTERACTION = {
  transaction_id: 'tx_01HZXB',
  provider: 'sandbox-wallet',
  instructions: ['Open the Sandbox Wallet page.', 'Confirm the payment of 50.00 EUR.'],
  redirect_url: 'https://cashier.example.com/sandbox/wallet/tx_01HZXB',
  amount: '50.00',
  currency: 'EUR',
  expires_at: '2030-01-31T12:15:00.000Z',
  transaction_status: 'await',
} as const satisfies In<typeof InteractionResponse>;

/** SPEC §7 status answer. */
export const EXAMPLE_STATUS = {
  transaction_id: 'tx_01HZXB',
  transaction_status: 'processing',
  result_status: 'processing',
  terminal: false,
  next_poll_ms: 2000,
  amount: '50.00',
  currency: 'EUR',
  fee: '0.00',
  tax: '0.00',
  bonus: '5.00',
  method_name: 'Sandbox Wallet',
  reference: 'tx_01HZXB',
  user_balance: '120.00',
  received: null,
  destination: null,
} as const satisfies In<typeof StatusResponse>;

/** SPEC §7 3DS result body. */
export const EXAMPLE_THREE_DS_RESULT = {
  transaction_id: 'tx_01HZX9',
  session_id: 'sess_8f3k2m1q',
  cres: 'eyJ0cmFuc1N0YXR1cyI6IlkifQ',
  outcome: 'authenticated',
} as const satisfies In<typeof ThreeDsResultRequest>;

/** SPEC §7 saved cards. */
export const EXAMPLE_USER_CARDS = {
  cards: [
    {
      card_id: 'card_3fA9',
      last4: '1111',
      bin: '411111',
      is_card_token_active: true,
      exp_month: '12',
      exp_year: '2030',
      cardholder_name: 'JANE DOE',
      card_type: 'visa',
    },
  ],
} as const satisfies In<typeof UserCardsResponse>;

/** SPEC §7 delete card. */
export const EXAMPLE_DELETE_CARD = {
  card_id: 'card_3fA9',
  withholding_type: 'Payment',
} as const satisfies In<typeof DeleteCardRequest>;
/** SPEC §7 delete card answer. */
export const EXAMPLE_DELETE_CARD_RESPONSE = {
  card_id: 'card_3fA9',
  deleted: true,
} as const satisfies In<typeof DeleteCardResponse>;
/** SPEC §7 recurring check. */
export const EXAMPLE_RECURRING_CHECK = {
  user_card_id: 'card_3fA9',
  amount: '600.00',
} as const satisfies In<typeof RecurringCheckRequest>;
/** SPEC §7 recurring check answer. */
export const EXAMPLE_RECURRING_CHECK_RESPONSE = {
  allowed: true,
  cvv_required: true,
} as const satisfies In<typeof RecurringCheckResponse>;

/** SPEC §7 content page. */
export const EXAMPLE_CONTENT_PAGE = {
  slug: 'payment-terms',
  title: 'Payment terms',
  sections: [
    {
      heading: 'Deposits',
      paragraphs: ['Deposits are credited instantly.', 'Bank transfers take up to 3 working days.'],
    },
    { heading: null, paragraphs: ['Contact support for any question.'] },
  ],
  updated_at: '2025-01-15T09:30:00.000Z',
} as const satisfies In<typeof ContentPageResponse>;

/** SPEC §7 rtlAssets.json. */
export const EXAMPLE_RTL_ASSETS = {
  rtlImages: ['arrow_back', 'arrow_forward', 'chevron_right'],
} as const satisfies In<typeof RtlAssetsResponse>;

/** SPEC §7 account management. */
export const EXAMPLE_REQUISITE_CREATE = {
  pay_group_id: 201,
  requisite_type: '3',
  value: 'DE89370400440532013000',
  label: 'Main account',
} as const satisfies In<typeof RequisiteCreateRequest>;
/** SPEC §7 requisite create answer. */
export const EXAMPLE_REQUISITE_CREATED = {
  requisite_id: 'req_7QpX2',
  masked: 'DE89 **** 3000',
  verification_required: true,
} as const satisfies In<typeof RequisiteCreateResponse>;
/** SPEC §2 delete-account confirmation: the removal answer (designed). */
export const EXAMPLE_REQUISITE_DELETED = {
  deleted: true,
  requisite_id: 'req_7QpX2',
} as const satisfies In<typeof RequisiteDeleteResponse>;
/** SPEC §7 OTP send. */
export const EXAMPLE_OTP_SEND = {
  contact_type: 'email',
  requisite_id: 'req_7QpX2',
} as const satisfies In<typeof OtpSendRequest>;
/** SPEC §7 OTP send answer. */
export const EXAMPLE_OTP_SENT = {
  success: true,
  max_request_count: 3,
  block_duration: 900,
  resend_after: 60,
  masked_contact: 'j***@example.com',
} as const satisfies In<typeof OtpSendResponse>;
/** SPEC §7 OTP verify. */
export const EXAMPLE_OTP_VERIFY = {
  otp: '482913',
  requisite_id: 'req_7QpX2',
} as const satisfies In<typeof OtpVerifyRequest>;
/** SPEC §7 OTP verify answer (the right code at the first try; a wrong one answers error 1401). */
export const EXAMPLE_OTP_VERIFIED = { verified: true, attempts_left: 2 } as const satisfies In<
  typeof OtpVerifyResponse
>;

/** SPEC §7 metrics. */
export const EXAMPLE_METRICS = {
  metrics: [
    { name: 'TTI', value: 1234 },
    { name: 'FID', value: 12 },
  ],
  tags: { brand: 'brand0', channel: 'MOBILE_WEB', lang: 'en' },
} as const satisfies In<typeof MetricsRequest>;
/** SPEC §7 metrics answer. */
export const EXAMPLE_METRICS_RESPONSE = { accepted: 2 } as const satisfies In<
  typeof MetricsResponse
>;

/** SPEC §4, §9 render-crash report (sampled: its breadcrumbs attached). */
export const EXAMPLE_CLIENT_REPORT = {
  kind: 'render_crash',
  message: "TypeError: Cannot read properties of undefined (reading 'amount')",
  stack:
    "TypeError: Cannot read properties of undefined (reading 'amount')\n    at AmountField (app-4f2a.js:1:2345)",
  page: '/deposit/12',
  release: '0.1.0',
  user_agent: 'Mozilla/5.0 (Linux; Android 14) Chrome/124.0 Mobile Safari/537.36',
  trace_sampled: true,
  breadcrumbs: [
    { type: 'navigation', message: '/deposit', at: 1764320000000 },
    { type: 'api', message: 'depositInit 200', at: 1764320000150 },
    { type: 'click', message: 'Visa', at: 1764320002100 },
    { type: 'navigation', message: '/deposit/12', at: 1764320002110 },
  ],
} as const satisfies In<typeof ClientReportRequest>;
/** The answer to a report. */
export const EXAMPLE_CLIENT_REPORT_RESPONSE = { accepted: true } as const satisfies In<
  typeof ClientReportResponse
>;

/** Sandbox session. */
export const EXAMPLE_SANDBOX_SESSION_REQUEST = {
  player: 'demo',
  flow: 'deposit',
  currency: 'EUR',
  lang: 'en',
} as const satisfies In<typeof SandboxSessionRequest>;
/** Sandbox session answer. */
export const EXAMPLE_SANDBOX_SESSION = {
  session_id: 'sess_8f3k2m1q',
  widget_url: 'http://localhost:5173/deposit?session_id=sess_8f3k2m1q&lang=en-brand0&theme=brand0',
  expires_at: '2030-01-31T12:30:00.000Z',
  player_id: 'demo',
} as const satisfies In<typeof SandboxSessionResponse>;

/** SPEC §8 error answer. */
export const EXAMPLE_ERROR = {
  error_code: '1002',
  error_message: 'CASHIER.ERROR.INVALID_FIELD',
  error_field: 'body.currency',
} as const satisfies In<typeof ErrorBody>;
