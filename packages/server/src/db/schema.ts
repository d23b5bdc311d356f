/**
 * The persisted model of the cashier-service for drizzle-orm's PostgreSQL dialect. The
 * same schema and the same generated migrations (`drizzle/`) run on the embedded PGlite and on
 * PostgreSQL.
 *
 * Conventions:
 * - Money is `numeric(24, 10)` read as a decimal string (docs/architecture.md: never a float); the
 *   math is big.js in the services.
 * - Time is `timestamptz` read as a `Date`.
 * - Enumerations the domain owns (flows, statuses, kinds) are PostgreSQL enums so a wrong value
 *   cannot be stored; their lists are checked against `@cashdesk/domain` in schema.test.ts.
 * - Card data: the database never has a column for a card number or a CVV. Saved cards keep a
 *   provider token, last4, BIN and expiry only, and CHECK constraints refuse anything longer.
 *
 * @packageDocumentation
 */
import type { ReceivedWithdrawalField } from '@cashdesk/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Precision and scale of every money column: 14 integer and 10 decimal digits (SPEC §9). */
const MONEY = { precision: 24, scale: 10 } as const;

const money = (name: string) => numeric(name, MONEY);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// --- enumerations -----------------------------------------------------------------------------

/** SPEC §1: deposit or withdrawal (payout); the values of the domain's PAYMENT_FLOWS. */
export const paymentFlow = pgEnum('payment_flow', ['deposit', 'withdrawal']);

/**
 * The transaction status machine; `refunded` and `charged_back` follow a successful
 * deposit whose money the provider later returned to the payer (a refund, a chargeback).
 */
export const transactionStatus = pgEnum('transaction_status', [
  'created',
  'processing',
  'await',
  'success',
  'error',
  'refunded',
  'charged_back',
]);

/**
 * How a ledger entry moves money. `withdrawal_reserve` moves an amount from the balance to the
 * reservation, `withdrawal_release` back (a reversal or a failed payout), `withdrawal_settle`
 * takes it out of the reservation for good (the payout was paid). `refund` and `chargeback` take
 * back what a deposit credited (its amount after tax and its bonus) when the provider returned
 * the money to the payer: a negative amount, which may leave the balance negative.
 */
export const ledgerKind = pgEnum('ledger_kind', [
  'deposit',
  'withdrawal_reserve',
  'withdrawal_release',
  'withdrawal_settle',
  'bonus',
  'refund',
  'chargeback',
]);

/**
 * SPEC §1 method kinds, as the payment provider handles them (the values of PAYMENT_METHOD_KINDS
 * in src/providers): card payments (with 3-D Secure), alternative payments with an interaction
 * page, mobile payments confirmed on the phone (await with status polling), a display form with a
 * QR code, a bank transfer awaiting a receipt upload, and bet-shop cash.
 */
export const providerKind = pgEnum('provider_kind', [
  'card',
  'alternative',
  'mobile',
  'display_form',
  'bank_transfer',
  'bet_shop',
]);

/**
 * Where a transaction stands with its provider call (the durable state machine around
 * every call that can charge or pay):
 * - `pending`: the intent is committed, the provider has not been asked (or certainly never got
 *   the request); a payout in this state can still be reversed by the player;
 * - `sending`: a call is in flight, owned by whoever holds the transaction's lease;
 * - `unknown`: a call ended without an answer (time-out, error, crash): the provider may have
 *   charged or paid; the same call is repeated with the same key, or the payment looked up;
 * - `done`: the provider answered and the answer is applied, or the transaction ended without
 *   needing the provider (nothing to call any more);
 * - `approval`: a withdrawal of a brand that approves payouts, its amount reserved,
 *   waiting for the operator to approve it (then `pending`: sent) or reject it (failed, the amount
 *   returned); nobody sends it meanwhile, and the player may still reverse it.
 */
export const providerCallState = pgEnum('provider_call_state', [
  'pending',
  'sending',
  'unknown',
  'done',
  'approval',
]);

/**
 * Where a transaction's money is kept. `internal`: the cashier's own ledger
 * (services/ledger.ts) is the balance of record; `operator`: the operator's wallet is, reached over
 * signed HTTP callbacks (services/wallet/), and the cashier queues what it owes it in
 * {@link walletOperations}. Fixed when the transaction is created, so a change of configuration
 * never moves an open payment to another wallet.
 */
export const walletKind = pgEnum('wallet_kind', ['internal', 'operator']);

/**
 * One money movement the cashier owes the operator's wallet for a transaction:
 * `reserve` (a payout's amount taken from the balance: the wallet's authorize), `credit` (a
 * succeeded deposit: transfer in), `commit` (a paid payout: transfer out, final), `release` (a
 * payout that failed or was reversed: cancel, the reserved money back) and `reverse` (a refunded
 * or charged-back deposit taken back).
 */
export const walletOperationKind = pgEnum('wallet_operation_kind', [
  'reserve',
  'credit',
  'commit',
  'release',
  'reverse',
]);

/**
 * Where a wallet operation stands: `pending` (not answered yet: never sent, in flight
 * or without an answer; sent again with the same operation id until answered), `done` (the
 * wallet applied it), `refused` (the wallet answered no: a reserve without the balance; any other
 * refusal is a fault the operator must look at), `abandoned` (a reserve never answered whose
 * payout failed unsent: the payout's cancel, which the wallet applies whether or not the
 * reserve ever reached it, stands for it).
 */
export const walletOperationState = pgEnum('wallet_operation_state', [
  'pending',
  'done',
  'refused',
  'abandoned',
]);

/** A player's verification status (the contract's PLAYER_VERIFICATION_STATUSES). */
export const playerVerificationStatus = pgEnum('player_verification_status', [
  'unverified',
  'pending',
  'verified',
]);

/** SPEC §3: contact type of a one-time code. */
export const contactType = pgEnum('contact_type', ['email', 'phone']);

// --- brands and their settings -----------------------------------------------------------------

/**
 * A brand (operator site) and its settings (SPEC §3 cashier response and widget settings).
 * Typed columns for everything the cashier response names; `settings` only for free-form widget
 * extras (logo sizes, PCI DSS logo, ...).
 */
export const brands = pgTable('brands', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  merchantUrl: text('merchant_url'),
  merchantSuccessUrl: text('merchant_success_url'),
  merchantFailUrl: text('merchant_fail_url'),
  merchantProcessingUrl: text('merchant_processing_url'),
  /** SPEC §2 redirect target modes: self, blank, top, parent. */
  merchantRedirectType: text('merchant_redirect_type', {
    enum: ['self', 'blank', 'top', 'parent'],
  })
    .notNull()
    .default('self'),
  /** Seconds (SPEC §9 default 30). */
  successPageRedirectTimeout: integer('success_page_redirect_timeout').notNull().default(30),
  /** Seconds; SPEC §2 says the processing page has one without giving it. */
  processingPageRedirectTimeout: integer('processing_page_redirect_timeout').notNull().default(30),
  /** SPEC §3 widgetSettings: 1-4 of the domain's CURRENCY_DISPLAY_SETTINGS. */
  currencyDisplaySettingId: integer('currency_display_setting_id').notNull().default(1),
  /** SPEC §3 widgetSettings.bonus_in_amount_block. */
  bonusInAmountBlock: boolean('bonus_in_amount_block').notNull().default(false),
  /** SPEC §3 cashier_settings.country_filtering_enabled. */
  countryFilteringEnabled: boolean('country_filtering_enabled').notNull().default(false),
  /** SPEC §3 cashier_features: feature names (billing-prefixed ones are kept by the widget). */
  features: jsonb('features').$type<string[]>().notNull().default([]),
  /** SPEC §4 wager rule: withdrawals with a wager_amount parameter are disabled for this brand. */
  wagerRuleEnabled: boolean('wager_rule_enabled').notNull().default(false),
  /** SPEC §3 withdrawal detail support_url. */
  supportUrl: text('support_url'),
  /**
   * Withdrawals wait for the operator's approval (operator API) before they are sent to
   * the provider; the player sees them as processing and may reverse them meanwhile.
   */
  payoutApproval: boolean('payout_approval').notNull().default(false),
  /** Free-form widget settings that no rule of the server reads. */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  /**
   * The origins of the brand's sites that may frame its widget (the widget page's CSP
   * frame-ancestors, with the operator's FRAME_ANCESTORS), e.g. `https://www.brand.example`.
   * Entries that are not plain http(s) origins are ignored (http/host-origin.ts).
   */
  allowedHostOrigins: jsonb('allowed_host_origins').$type<string[]>().notNull().default([]),
  /**
   * The version of the brand's configuration, bumped by every write of it (the operator
   * API's configuration calls, the seed): a write may name the version it read (If-Match) and is
   * refused when another came first; caches of the brand's data compare it.
   */
  configVersion: bigint('config_version', { mode: 'number' }).notNull().default(1),
  /**
   * The brand's verification rules: the flows only a player whose
   * `verification_status` is `verified` may pay in (e.g. `["withdrawal"]`).
   */
  verifiedFlows: jsonb('verified_flows')
    .$type<('deposit' | 'withdrawal')[]>()
    .notNull()
    .default([]),
  createdAt: createdAt(),
});

/** SPEC §3 currencies: id, name, alpha3, ISO number and precision (decimal places). */
export const currencies = pgTable(
  'currencies',
  {
    alpha3: text('alpha3').primaryKey(),
    currencyId: integer('currency_id').notNull().unique(),
    name: text('name').notNull(),
    isoNumber: integer('iso_number').notNull(),
    precision: smallint('precision').notNull(),
  },
  (t) => [
    check('currencies_alpha3_format', sql`${t.alpha3} ~ '^[A-Z]{3}$'`),
    check('currencies_precision_range', sql`${t.precision} between 0 and 10`),
  ],
);

/** SPEC §3, §5 tax tiers of a brand per flow; a tier with 0 % and 0 absolute is non-taxable. */
export const taxTiers = pgTable(
  'tax_tiers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    flow: paymentFlow('flow').notNull(),
    from: money('from').notNull(),
    /** `null`: no upper bound. */
    to: money('to'),
    percentValue: money('percent_value').notNull().default('0'),
    absoluteValue: money('absolute_value').notNull().default('0'),
  },
  (t) => [index('tax_tiers_brand_flow').on(t.brandId, t.flow)],
);

// --- players ---------------------------------------------------------------------------------

/** A player of a brand; `external_id` is the id the brand knows (e.g. "demo"). */
export const players = pgTable(
  'players',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country'),
    /** E.164 digits with a leading plus. */
    phone: text('phone'),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** Where the player's identity check stands (the brand's rules read it). */
    verificationStatus: playerVerificationStatus('verification_status')
      .notNull()
      .default('unverified'),
    /** When the operator blocked the player (`null`: not blocked), and why. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockReason: text('block_reason'),
    createdAt: createdAt(),
  },
  (t) => [unique('players_brand_external').on(t.brandId, t.externalId)],
);

/**
 * A player's own amount limits per flow and currency, set by the operator. They
 * narrow the limits of every pay group the player sees and pays with (domain
 * narrowLimitsForPlayer); `null` leaves that bound to the pay group.
 */
export const playerLimits = pgTable(
  'player_limits',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    flow: paymentFlow('flow').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.alpha3),
    minAmount: money('min_amount'),
    maxAmount: money('max_amount'),
  },
  (t) => [
    primaryKey({ name: 'player_limits_pk', columns: [t.playerId, t.flow, t.currency] }),
    check(
      'player_limits_order',
      sql`${t.minAmount} is null or ${t.maxAmount} is null or ${t.minAmount} <= ${t.maxAmount}`,
    ),
    check(
      'player_limits_some_bound',
      sql`${t.minAmount} is not null or ${t.maxAmount} is not null`,
    ),
  ],
);

/**
 * Balance per player and currency. `balance` is what the player can spend or withdraw;
 * `reserved` is the pending withdrawal (reserved, not yet paid). Both only change together with
 * a ledger entry (services/ledger.ts). `reserved` can never be negative (CHECK). `balance` is
 * negative only after a refund or chargeback took back a deposit the player had already spent
 * (services/ledger.ts reverseCredit): the player then owes the difference, withdrawals are
 * refused and the next deposits pay it back; every other change checks it in the ledger.
 */
export const playerBalances = pgTable(
  'player_balances',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    currency: text('currency')
      .notNull()
      .references(() => currencies.alpha3),
    balance: money('balance').notNull().default('0'),
    reserved: money('reserved').notNull().default('0'),
    /**
     * SPEC §4 wager rule: the turnover the player must still wager in this currency before the
     * balance may be withdrawn (e.g. the wagering requirement of a bonus credited here); 0: none.
     * Not money that moves, so no ledger entry goes with it. Withdrawals of this currency are
     * disabled while it is positive and the brand has `wagerRuleEnabled`.
     */
    wagerRemaining: money('wager_remaining').notNull().default('0'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'player_balances_pk', columns: [t.playerId, t.currency] }),
    check('player_balances_reserved_not_negative', sql`${t.reserved} >= 0`),
    check('player_balances_wager_remaining_not_negative', sql`${t.wagerRemaining} >= 0`),
  ],
);

// --- pay groups ------------------------------------------------------------------------------

/**
 * A form field definition as sent in method detail `parameters` (SPEC §3 wire shape), stored
 * verbatim. Deposit fields simply leave the withdrawal-only properties out.
 */
export type StoredFieldDefinition = ReceivedWithdrawalField;

/**
 * A pay group (SPEC §3 "Pay group as received" and "Method detail") of one brand and flow. The
 * columns mirror the wire names; the per-currency parts live in {@link payGroupCurrencies}.
 */
export const payGroups = pgTable(
  'pay_groups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    flow: paymentFlow('flow').notNull(),
    shortName: text('short_name').notNull(),
    publicName: text('public_name').notNull(),
    /** The name per language (`de`): init answers the session language's, else `public_name`. */
    publicNames: jsonb('public_names').$type<Record<string, string>>().notNull().default({}),
    arrangement: integer('arrangement').notNull().default(0),
    popular: boolean('popular').notNull().default(false),
    logo: text('logo'),
    /** e.g. apple_pay or google_pay (SPEC §3, §6). */
    nativePayType: text('native_pay_type'),
    /** activity, nested_list or info (SPEC §3). */
    actionType: text('action_type').notNull().default('activity'),
    /** SPEC §4 type filter text, e.g. cards, e_wallets, bank_transfers, bet_shops. */
    payMethodType: text('pay_method_type').notNull(),
    /** SPEC §4: host-to-host (checkout), display-form, or anything else (form). */
    workflowType: text('workflow_type'),
    autoSubmit: boolean('auto_submit').notNull().default(false),
    showInCarousel: boolean('show_in_carousel').notNull().default(false),
    allowPreSelectedMethod: boolean('allow_pre_selected_method').notNull().default(false),
    restrictedUntil: timestamp('restricted_until', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    displayLimits: boolean('display_limits').notNull().default(true),
    /** SPEC §3 merchant_user_fee: a percentage and a fixed part. */
    merchantFeePercentage: money('merchant_fee_percentage'),
    merchantFeeFix: money('merchant_fee_fix'),
    /** SPEC §3 pay group `info`: the description URL. */
    infoUrl: text('info_url'),
    infoInIframe: boolean('info_in_iframe').notNull().default(false),
    /** SPEC §2: links of this method open in the same window. */
    selfTarget: boolean('self_target').notNull().default(false),
    amountRegExpFe: text('amount_reg_exp_fe'),
    /** e.g. autosubmit (SPEC §4). */
    presetBehavior: text('preset_behavior'),
    allowPresetAmount: boolean('allow_preset_amount').notNull().default(false),
    isRoutable: boolean('is_routable').notNull().default(false),
    /** Processing currency conversion (SPEC §3 method detail), both or neither. */
    processingCurrency: text('processing_currency').references(() => currencies.alpha3),
    processingCurrencyRate: money('processing_currency_rate'),
    showProcessingCurrency: boolean('show_processing_currency').notNull().default(false),
    /** Withdrawal: may the player add a new payout account (SPEC §3). */
    allowNewPayoutAccount: boolean('allow_new_payout_account').notNull().default(true),
    /** Withdrawal: a new payout account must be verified by a one-time code (SPEC §4). */
    verifyNewPayoutAccount: boolean('verify_new_payout_account').notNull().default(false),
    /** Form field definitions (SPEC §3 wire shape); validated against the contract when seeding. */
    fields: jsonb('fields').$type<readonly StoredFieldDefinition[]>().notNull().default([]),
    /** SPEC §3 method detail view_data, free-form display hints. */
    viewData: jsonb('view_data').$type<Record<string, unknown>[]>().notNull().default([]),
    providerKind: providerKind('provider_kind').notNull(),
    /**
     * The connector (a configured provider, providers/connectors.ts) the pay group pays through;
     * `null`: the default connector. Checked against the configuration at start.
     */
    connector: text('connector'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('pay_groups_brand_flow_short_name').on(t.brandId, t.flow, t.shortName),
    index('pay_groups_brand_flow').on(t.brandId, t.flow),
  ],
);

/** SPEC §3 `currencies[]` of a pay group: limits, fee, amount blocks and presets per currency. */
export const payGroupCurrencies = pgTable(
  'pay_group_currencies',
  {
    payGroupId: integer('pay_group_id')
      .notNull()
      .references(() => payGroups.id, { onDelete: 'cascade' }),
    currency: text('currency')
      .notNull()
      .references(() => currencies.alpha3),
    minAmount: money('min_amount'),
    maxAmount: money('max_amount'),
    maxRecurringAmount: money('max_recurring_amount'),
    /** A percentage text such as '2%' (SPEC §5). */
    fee: text('fee'),
    /** Predefined amount buttons, decimal strings (SPEC §2, §5). */
    amountBlocks: jsonb('amount_blocks').$type<string[]>().notNull().default([]),
    presetAmount: money('preset_amount'),
    processingTimeTranslationKey: text('processing_time_translation_key'),
    showProcessingTime: boolean('show_processing_time').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'pay_group_currencies_pk', columns: [t.payGroupId, t.currency] }),
    check(
      'pay_group_currencies_limits_order',
      sql`${t.minAmount} is null or ${t.maxAmount} is null or ${t.minAmount} <= ${t.maxAmount}`,
    ),
  ],
);

/** SPEC §3 last_used: the pay group a player used last, per flow. */
export const lastUsedMethods = pgTable(
  'last_used_methods',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    flow: paymentFlow('flow').notNull(),
    payGroupId: integer('pay_group_id')
      .notNull()
      .references(() => payGroups.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'last_used_methods_pk', columns: [t.playerId, t.flow] })],
);

// --- bonuses ---------------------------------------------------------------------------------

/**
 * SPEC §3 user bonuses. A bonus with no rows in {@link bonusPayGroups} is a general bonus that
 * applies to every pay group.
 */
export const bonuses = pgTable(
  'bonuses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    description: text('description'),
    absoluteValue: money('absolute_value'),
    percentValue: money('percent_value'),
    maxValue: money('max_value'),
    minDepositAmount: money('min_deposit_amount'),
    maxDepositAmount: money('max_deposit_amount'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('bonuses_player').on(t.playerId)],
);

/** SPEC §3 bonusPayGroupsIds: the pay groups a bonus is limited to. */
export const bonusPayGroups = pgTable(
  'bonus_pay_groups',
  {
    bonusId: integer('bonus_id')
      .notNull()
      .references(() => bonuses.id, { onDelete: 'cascade' }),
    payGroupId: integer('pay_group_id')
      .notNull()
      .references(() => payGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'bonus_pay_groups_pk', columns: [t.bonusId, t.payGroupId] })],
);

/** SPEC §3 lost_profit_merchant_bonus: the tiers of the brand's lost-profit pay group. */
export const lostProfitBonusTiers = pgTable(
  'lost_profit_bonus_tiers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    payGroupId: integer('pay_group_id')
      .notNull()
      .references(() => payGroups.id, { onDelete: 'cascade' }),
    from: money('from'),
    to: money('to'),
    percentValue: money('percent_value'),
    absoluteValue: money('absolute_value'),
  },
  (t) => [index('lost_profit_bonus_tiers_brand').on(t.brandId)],
);

// --- sessions --------------------------------------------------------------------------------

/**
 * SPEC §1, §6: a cashier session. `id` is the x-session-id (43 url-safe characters of 32 random
 * bytes); `expires_at` slides forward on every authenticated call (services/sessions.ts);
 * `auth_token` authorises the realtime and clickstream connections (SPEC §7).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    flow: paymentFlow('flow').notNull(),
    language: text('language').notNull(),
    theme: text('theme').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.alpha3),
    authToken: text('auth_token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_player').on(t.playerId)],
);

// --- transactions and the ledger -----------------------------------------------------------------

/** SPEC §3 redirect result: action plus redirect_data {url, method, fields}. */
export interface StoredRedirect {
  action: string;
  redirect_data: { url: string; method: string; fields: Record<string, string> };
}

/**
 * A deposit or withdrawal with the status machine created -> processing | await -> success |
 * error, and the pay session fields of SPEC §3 (action, result_status, session_status,
 * transaction_status, experiment_user_group, decline_page_settings, error_fatal and the merchant
 * URLs). `parameters` holds the submitted form values that are not card data; a card number or
 * CVV never reaches this table (the provider gets them and returns a token).
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    payGroupId: integer('pay_group_id')
      .notNull()
      .references(() => payGroups.id),
    flow: paymentFlow('flow').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.alpha3),
    fee: money('fee').notNull().default('0'),
    tax: money('tax').notNull().default('0'),
    bonus: money('bonus').notNull().default('0'),
    status: transactionStatus('status').notNull().default('created'),
    // SPEC §3 pay session fields.
    action: text('action'),
    resultStatus: text('result_status'),
    sessionStatus: text('session_status'),
    transactionStatus: text('transaction_status'),
    experimentUserGroup: text('experiment_user_group'),
    declinePageSettings: jsonb('decline_page_settings').$type<Record<string, unknown>>(),
    errorFatal: boolean('error_fatal').notNull().default(false),
    successUrl: text('success_url'),
    failUrl: text('fail_url'),
    processingUrl: text('processing_url'),
    merchantUrl: text('merchant_url'),
    redirect: jsonb('redirect').$type<StoredRedirect>(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    // Provider side.
    providerKind: providerKind('provider_kind').notNull(),
    /**
     * The connector the payment was sent to, fixed at creation: every follow-up call (status,
     * 3-D Secure, receipt, cancel, lookup, reconciler) goes there even if the pay group moves to
     * another connector later. `null` (rows of an earlier version): the default connector.
     */
    connector: text('connector'),
    /** The provider's reference of the payment, unique per connector. */
    providerReference: text('provider_reference'),
    /** Provider state (sandbox scenario, settle time, QR payload, voucher); never card data. */
    providerData: jsonb('provider_data').$type<Record<string, unknown>>().notNull().default({}),
    savedCardId: uuid('saved_card_id').references(() => savedCards.id, { onDelete: 'set null' }),
    payoutAccountId: uuid('payout_account_id').references(() => payoutAccounts.id, {
      onDelete: 'set null',
    }),
    betShopId: integer('bet_shop_id').references(() => betShops.id, { onDelete: 'set null' }),
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull().default({}),
    idempotencyKey: text('idempotency_key'),
    /** The wallet that keeps this transaction's money (see {@link walletKind}). */
    wallet: walletKind('wallet').notNull().default('internal'),
    /** The provider call's state (see {@link providerCallState}). */
    callState: providerCallState('call_state').notNull().default('done'),
    /** How many times the charging call (authorise or payout) was started. */
    callAttempts: integer('call_attempts').notNull().default(0),
    /**
     * The request the provider gets, without card data or a security code: a payout is sent
     * again from it after a crash; a deposit keeps it for the record (its card comes only from
     * the player's own retry).
     */
    providerRequest: jsonb('provider_request').$type<Record<string, unknown>>(),
    /** Who works on the transaction (a request or a reconciler) until when: one at a time. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** When the reconciler looks at the transaction next; `null` once it is final. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    /** The method's deadline: an abandoned payment still waiting then is ended. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('transactions_player_created').on(t.playerId, t.createdAt),
    index('transactions_next_check')
      .on(t.nextCheckAt)
      .where(sql`${t.nextCheckAt} is not null`),
    uniqueIndex('transactions_connector_provider_reference')
      .on(t.connector, t.providerReference)
      .where(sql`${t.providerReference} is not null`),
    check('transactions_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The append-only ledger. `amount` is the signed change of `player_balances.balance`,
 * `reserved_delta` the signed change of `player_balances.reserved`, so for every player and
 * currency the sums of the two columns equal the balance row. One entry of a kind per
 * transaction (unique index): a repeated settle, release or credit is a no-op, never a double.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    currency: text('currency')
      .notNull()
      .references(() => currencies.alpha3),
    amount: money('amount').notNull(),
    reservedDelta: money('reserved_delta').notNull().default('0'),
    kind: ledgerKind('kind').notNull(),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_player_currency').on(t.playerId, t.currency),
    uniqueIndex('ledger_entries_transaction_kind')
      .on(t.transactionId, t.kind)
      .where(sql`${t.transactionId} is not null`),
  ],
);

/**
 * The money movements owed to the operator's wallet (transactions whose `wallet` is
 * `operator`), each written in the same database transaction as the status change that causes it
 * and sent until the wallet answers, always with the same operation id (`{transaction}:{kind}`),
 * so a repeat is the wallet's idempotent replay, never a second movement. One per transaction and
 * kind. Whoever sends one holds its lease.
 */
export const walletOperations = pgTable(
  'wallet_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    kind: walletOperationKind('kind').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    currency: text('currency')
      .notNull()
      .references(() => currencies.alpha3),
    /** What moves (a deposit's credit: the amount after tax). */
    amount: money('amount').notNull(),
    /** A deposit's bonus, credited with it as its own figure. */
    bonus: money('bonus').notNull().default('0'),
    state: walletOperationState('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the worker sends it (again); `null` once answered. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** The wallet's answer, or the last failure's kind (never a secret). */
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wallet_operations_transaction_kind').on(t.transactionId, t.kind),
    index('wallet_operations_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    check('wallet_operations_amount_positive', sql`${t.amount} > 0`),
  ],
);

// --- saved cards and payout accounts -------------------------------------------------------------

/**
 * SPEC §3 saved card: a provider token and what may be shown. There is no column for the card
 * number or the CVV, and the CHECKs keep `last4` at four digits and `bin` at six to eight.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    last4: text('last4').notNull(),
    bin: text('bin').notNull(),
    expMonth: smallint('exp_month').notNull(),
    /** Four digits. */
    expYear: smallint('exp_year').notNull(),
    holder: text('holder'),
    /** A domain CARD_TYPE id, e.g. visa or mastercard. */
    cardType: text('card_type').notNull(),
    /** SPEC §3 is_card_token_active. */
    active: boolean('active').notNull().default(true),
    /** DELETE /user-cards hides a card; transactions keep referring to it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_cards_player').on(t.playerId),
    // One saved card per card of a player (the same card saved again is the same entry).
    uniqueIndex('saved_cards_player_card')
      .on(t.playerId, t.bin, t.last4, t.expMonth, t.expYear)
      .where(sql`${t.deletedAt} is null`),
    check('saved_cards_last4_format', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('saved_cards_bin_format', sql`${t.bin} ~ '^[0-9]{6,8}$'`),
    check('saved_cards_exp_month_range', sql`${t.expMonth} between 1 and 12`),
    check('saved_cards_exp_year_range', sql`${t.expYear} between 2000 and 2099`),
  ],
);

/**
 * Payout accounts (SPEC §7 account management requisites): where a withdrawal is paid. Card
 * payouts refer to a saved card; other requisites (IBAN, wallet, phone) keep their details in
 * `details` and a masked value for display.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    payGroupId: integer('pay_group_id').references(() => payGroups.id, { onDelete: 'set null' }),
    /** What kind of requisite: card, iban, wallet, phone, ... */
    requisiteType: text('requisite_type').notNull(),
    maskedValue: text('masked_value').notNull(),
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    savedCardId: uuid('saved_card_id').references(() => savedCards.id, { onDelete: 'set null' }),
    verified: boolean('verified').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('payout_accounts_player').on(t.playerId)],
);

/**
 * One-time code challenges (SPEC §7 otp/send, otp/verify). The code is stored only as an
 * HMAC-SHA-256 under the server secret; attempts, resends and the block are counted here.
 */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    payoutAccountId: uuid('payout_account_id').references(() => payoutAccounts.id, {
      onDelete: 'cascade',
    }),
    contactType: contactType('contact_type').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    resendCount: integer('resend_count').notNull().default(0),
    maxResends: integer('max_resends').notNull(),
    resendAfter: timestamp('resend_after', { withTimezone: true }),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('otp_challenges_player').on(t.playerId)],
);

/** Uploaded documents: bytes under DATA_DIR/uploads, metadata here (SPEC §5 upload rules). */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id').references(() => transactions.id, {
      onDelete: 'set null',
    }),
    payGroupId: integer('pay_group_id').references(() => payGroups.id, { onDelete: 'set null' }),
    /** Relative to DATA_DIR/uploads. */
    filePath: text('file_path').notNull(),
    originalName: text('original_name').notNull(),
    /** Detected from the bytes (pdf, heic, jpeg, png), never from the name. */
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('documents_player').on(t.playerId),
    check('documents_size_limit', sql`${t.sizeBytes} between 1 and 20971520`),
  ],
);

// --- bet shops, content, notifications ----------------------------------------------------------

/** Opening hours of a bet shop: day (mon..sun) to [open, close] "HH:MM" pairs; closed days absent. */
export type WorkingHours = Partial<
  Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', { open: string; close: string }[]>
>;

/** Bet shops for cash deposits and pick-ups (SPEC §2 /betshop-deposit, /betshop-withdrawal). */
export const betShops = pgTable(
  'bet_shops',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    city: text('city').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    workingHours: jsonb('working_hours').$type<WorkingHours>().notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('bet_shops_brand').on(t.brandId)],
);

/** One section of a content page. */
export interface ContentSection {
  title?: string;
  body: string;
}

/** Content pages fetched by address (SPEC §2 /content, §7 "{url} on the site root"). */
export const contentPages = pgTable(
  'content_pages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    language: text('language').notNull().default('en'),
    title: text('title').notNull(),
    sections: jsonb('sections').$type<ContentSection[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('content_pages_brand_slug_language').on(t.brandId, t.slug, t.language)],
);

/**
 * Notifications (SPEC §3 notification {key, categories, payGroupId}): for one player when
 * `player_id` is set, else for every player of the brand.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id').references(() => players.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Page categories of the domain's NOTIFICATION_CATEGORIES. */
    categories: jsonb('categories').$type<string[]>().notNull(),
    payGroupId: integer('pay_group_id').references(() => payGroups.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_brand_player').on(t.brandId, t.playerId)],
);

// --- what the widget reports: clickstream and errors ---------------------------------

/**
 * SPEC §7 clickstream: the events the widget publishes to `clickstream:track` over the
 * realtime connection, as received, for the operator to read. Kept for a bounded time
 * (`CLICKSTREAM_RETENTION_DAYS`); the player and session are those of the connection's token,
 * never what the payload claims.
 */
export const clickstreamEvents = pgTable(
  'clickstream_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id').references(() => players.id, { onDelete: 'set null' }),
    /** The widget's clickstream id (SPEC §1 `clstrmid`), when the page had one. */
    clickstreamId: text('clickstream_id'),
    /** The event's type (SPEC §4: amount, click, order_result_status, ...). */
    type: text('type').notNull(),
    /** The event as published, less what identifies the session. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clickstream_events_brand_received').on(t.brandId, t.receivedAt),
    index('clickstream_events_received').on(t.receivedAt),
  ],
);

/**
 * SPEC §4, §8 render crashes and errors: what the widget reported, with its last
 * breadcrumbs (SPEC §9: 20). Kept for a bounded time (`CLIENT_REPORT_RETENTION_DAYS`). No card
 * data and no session id: the widget scrubs its report and the server checks again.
 */
export const clientReports = pgTable(
  'client_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The brand of the session, or null when the report came without a valid one. */
    brandId: text('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id').references(() => players.id, { onDelete: 'set null' }),
    /** `render_crash`, `error` or `unhandled_rejection`. */
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    /** The page's path (no query: it holds the session id). */
    page: text('page').notNull(),
    release: text('release'),
    userAgent: text('user_agent'),
    /** Whether the report's trace was sampled (SPEC §9 rate 0.9). */
    traceSampled: boolean('trace_sampled').notNull(),
    breadcrumbs: jsonb('breadcrumbs').$type<Record<string, unknown>[]>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('client_reports_brand_received').on(t.brandId, t.receivedAt),
    index('client_reports_received').on(t.receivedAt),
  ],
);

// --- idempotency -------------------------------------------------------------------------------

/**
 * Idempotency keys of submit, upload and reversal (services/idempotency.ts). A row is claimed
 * before the work runs (response still null) with a lease, and completed with the response; the
 * UNIQUE makes the claim the single point where concurrent duplicates meet. A claim is tied to
 * the transaction it created (in the same database transaction that created it), so a retry
 * after a failure or a crash finds that transaction instead of making another one.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** The operation, e.g. `deposit-submit:12`. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    sessionId: text('session_id'),
    /** SHA-256 of the canonical request (method, path, body). */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    /** The transaction this request created, linked in the transaction's own commit. */
    transactionId: uuid('transaction_id').references(() => transactions.id, {
      onDelete: 'set null',
    }),
    /** A random token of the request holding the claim; a takeover gives a new one. */
    owner: text('owner'),
    /** The claim's holder works until then; after it, a retry may take the claim over. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [unique('idempotency_keys_player_scope_key').on(t.playerId, t.scope, t.key)],
);

// --- the sandbox provider's state ----------------------------------------------------------------

/**
 * The card columns of the sandbox's tables: what may be kept of a card (the provider contract's
 * CardSummary), never its number or security code; the CHECKs refuse a longer number in `last4`
 * or `bin` as `saved_cards` does.
 */
const sandboxCard = {
  cardLast4: text('card_last4'),
  cardBin: text('card_bin'),
  /** Two digits, "01" to "12". */
  cardExpMonth: text('card_exp_month'),
  /** Four digits. */
  cardExpYear: text('card_exp_year'),
  cardHolder: text('card_holder'),
  /** A domain CARD_TYPE id, or "unknown". */
  cardType: text('card_type'),
};

/** How a sandbox card token behaves when it pays again (providers/sandbox/provider-ref.ts). */
export type SandboxTokenBehaviour = 'approved' | 'challenge' | 'processing' | 'declined';

/** Where the browser returns after a sandbox page (the provider contract's ReturnUrls). */
export interface StoredReturnUrls {
  threeDsReturn: string;
  success: string;
  fail: string;
}

/**
 * The sandbox provider's payments (providers/sandbox/database-store.ts), one per reference it
 * issued: what its challenge and interaction pages show (amount as the request wrote it,
 * merchant, the card's summary), where the browser returns, the result an action fixed
 * (`resolution`: 3-D Secure answer, interaction page, receipt, cancellation) and the token minted
 * once the payment was approved. Kept in the database so that every server process sees the same
 * payment and a restart loses none. A row without a transaction id is a bare reference (made
 * before the sandbox kept its state here) on which an action fixed a result; its status follows
 * from the reference.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    ref: text('ref').primaryKey(),
    transactionId: text('transaction_id'),
    methodKind: providerKind('method_kind'),
    /** As the request wrote it (the provider's echo, not a ledger amount). */
    amount: text('amount'),
    currency: text('currency'),
    payGroup: text('pay_group'),
    merchantName: text('merchant_name'),
    returnUrls: jsonb('return_urls').$type<StoredReturnUrls>(),
    betShop: jsonb('bet_shop').$type<{ id: string; name: string }>(),
    /** The payment reference shown to the player, or the voucher code. */
    reference: text('reference'),
    /** The behaviour of the token to mint once approved (a card the player asked to save). */
    saveAs: text('save_as').$type<SandboxTokenBehaviour>(),
    ...sandboxCard,
    /** `settled`, `declined` (with `decline_reason`) or `cancelled`; null while time decides. */
    resolution: text('resolution').$type<'settled' | 'declined' | 'cancelled'>(),
    declineReason: text('decline_reason'),
    cardToken: text('card_token'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'sandbox_payments_details',
      sql`${t.transactionId} is null or (${t.methodKind} is not null and ${t.amount} is not null and ${t.currency} is not null and ${t.payGroup} is not null and ${t.merchantName} is not null)`,
    ),
    check(
      'sandbox_payments_save_as',
      sql`${t.saveAs} is null or ${t.saveAs} in ('approved', 'challenge', 'processing', 'declined')`,
    ),
    check(
      'sandbox_payments_resolution',
      sql`(${t.resolution} is null and ${t.declineReason} is null) or (${t.resolution} in ('settled', 'cancelled') and ${t.declineReason} is null) or (${t.resolution} = 'declined' and ${t.declineReason} is not null)`,
    ),
    check(
      'sandbox_payments_card',
      sql`${t.cardLast4} is null or (${t.cardLast4} ~ '^[0-9]{4}$' and ${t.cardBin} ~ '^[0-9]{6,8}$' and ${t.cardExpMonth} ~ '^(0[1-9]|1[0-2])$' and ${t.cardExpYear} ~ '^[0-9]{4}$' and ${t.cardHolder} is not null and ${t.cardType} is not null)`,
    ),
  ],
);

/**
 * The card tokens the sandbox minted (`sbxtok_…`: random bytes and a behaviour letter, nothing of
 * the card number) and the card summary behind each, so that a saved card pays, pays out and
 * expires the same on every server process.
 */
export const sandboxTokens = pgTable(
  'sandbox_tokens',
  {
    token: text('token').primaryKey(),
    behaviour: text('behaviour').$type<SandboxTokenBehaviour>().notNull(),
    cardLast4: text('card_last4').notNull(),
    cardBin: text('card_bin').notNull(),
    cardExpMonth: text('card_exp_month').notNull(),
    cardExpYear: text('card_exp_year').notNull(),
    cardHolder: text('card_holder').notNull(),
    cardType: text('card_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'sandbox_tokens_behaviour',
      sql`${t.behaviour} in ('approved', 'challenge', 'processing', 'declined')`,
    ),
    check(
      'sandbox_tokens_card',
      sql`${t.cardLast4} ~ '^[0-9]{4}$' and ${t.cardBin} ~ '^[0-9]{6,8}$' and ${t.cardExpMonth} ~ '^(0[1-9]|1[0-2])$' and ${t.cardExpYear} ~ '^[0-9]{4}$'`,
    ),
  ],
);

/**
 * The sandbox's idempotency records: the first result of every transaction id it was asked to
 * charge or pay (the PaymentProvider contract: a repeat returns it and never charges again), how
 * often it was asked, and what it charged, first seen first (`seq`). The primary key is where two
 * server processes sending the same transaction id at once meet: one result is kept.
 */
export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    transactionId: text('transaction_id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    flow: text('flow').$type<'deposit' | 'payout'>().notNull(),
    /** The deposit's total or the payout's amount, as the request wrote it. */
    amount: text('amount').notNull(),
    currency: text('currency').notNull(),
    providerRef: text('provider_ref'),
    /** The first result, as the provider protocol writes it (providers/http/protocol.ts). */
    outcome: jsonb('outcome').$type<Record<string, unknown>>().notNull(),
    calls: integer('calls').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    check('sandbox_transactions_flow', sql`${t.flow} in ('deposit', 'payout')`),
    check('sandbox_transactions_calls', sql`${t.calls} >= 1`),
  ],
);

/**
 * Sandbox mode only: the latest one-time code sent in a session, in plain, for the demo page's
 * GET /sandbox/otp/latest (the sandbox has no e-mail or SMS gateway: this table and a log line are
 * its sender). Production never writes here unless OTP_ALLOW_SANDBOX_IN_PRODUCTION=true
 * (services/otp-senders/sandbox-outbox.ts); the codes themselves
 * are checked against `otp_challenges.code_hash`, never against this table. One row per session,
 * replaced by the next code; rows go with their session, and codes past their expiry are deleted
 * whenever a code is sent.
 */
export const sandboxOtpOutbox = pgTable(
  'sandbox_otp_outbox',
  {
    sessionId: text('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    requisiteId: text('requisite_id').notNull(),
    contactType: contactType('contact_type').notNull(),
    maskedContact: text('masked_contact').notNull(),
    code: text('code').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_otp_outbox_expires').on(t.expiresAt)],
);

// --- outgoing webhooks --------------------------------------------------------------------------

/**
 * Where an outgoing webhook event stands: `pending` until the operator's endpoint acknowledged it
 * (`delivered`) or its attempts ran out (`dead`: dead-lettered, redelivered only on request).
 */
export const webhookEventState = pgEnum('webhook_event_state', ['pending', 'delivered', 'dead']);

/**
 * The transactional outbox of the webhooks to the operator (services/webhooks/): an event is
 * written in the same database transaction as the change it reports, so it exists exactly when
 * that change committed; the dispatcher of every process sends it from here, at least once.
 * `payload` is the event as sent (the contract's WebhookEvent, built when the change happened).
 * No foreign keys: an event outlives a deleted player or brand, as the operator's copy does.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** The event id, sent in the body and as Cashdesk-Event-Id: the receiver's de-duplication key. */
    id: uuid('id').primaryKey().defaultRandom(),
    /** Recording order: the events of one transaction are sent in this order. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    brandId: text('brand_id').notNull(),
    /** The transaction the event is about, if any. */
    transactionId: uuid('transaction_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: webhookEventState('state').notNull().default('pending'),
    /** Delivery attempts made (answered or not). */
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt is due; `null`: at once (a new or requeued event). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The dispatcher sending it, until when: one sender at a time. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** The HTTP status of the last answer (`null`: no answer). */
    lastStatusCode: integer('last_status_code'),
    /** Why the last attempt failed (`http 500`, `timeout`, `ECONNREFUSED`); never a secret. */
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deadAt: timestamp('dead_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_events_seq').on(t.seq),
    index('webhook_events_pending')
      .on(t.seq)
      .where(sql`${t.state} = 'pending'`),
    index('webhook_events_transaction_pending')
      .on(t.transactionId, t.seq)
      .where(sql`${t.state} = 'pending' and ${t.transactionId} is not null`),
    check('webhook_events_attempts_not_negative', sql`${t.attempts} >= 0`),
  ],
);

// --- operator API -------------------------------------------------------------------------------

/**
 * The API keys of the operator API, per brand. A key is `cdk_<id>_<secret>`; only the
 * SHA-256 of the whole key is kept (the secret is 32 random bytes, so a fast hash is enough: there
 * is nothing to guess). Several keys of a brand may be active at once (rotation); a revoked key
 * stays for the audit trail.
 */
export const operatorApiKeys = pgTable(
  'operator_api_keys',
  {
    /** The public part of the key (12 lower-case letters or digits). */
    id: text('id').primaryKey(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** SHA-256 of the whole key, hex. */
    keyHash: text('key_hash').notNull(),
    /** The contract's OPERATOR_SCOPES this key holds. */
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    createdAt: createdAt(),
    /** Updated at most once a minute, so a busy key costs no write per call. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('operator_api_keys_brand').on(t.brandId),
    check('operator_api_keys_id_format', sql`${t.id} ~ '^[a-z0-9]{12}$'`),
  ],
);

/**
 * The audit trail of the operator API: every call that changed something, who made it
 * (`admin` or the key's id), what (the endpoint id and its target), when, and the state before and
 * after, written in the same database transaction as the change. No foreign key to the brand:
 * the trail outlives what it describes.
 */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order, the cursor of the trail. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    brandId: text('brand_id').notNull(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    /** `change` (with before and after) or `read` (every call is audited). */
    kind: text('kind').$type<'change' | 'read'>().notNull().default('change'),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('operator_audit_log_brand_seq').on(t.brandId, t.seq),
    index('operator_audit_log_brand_kind_seq').on(t.brandId, t.kind, t.seq),
    check('operator_audit_log_kind', sql`${t.kind} in ('change', 'read')`),
  ],
);

// --- appearance (themes, text overrides) ---------------------------------------------------------

/**
 * A brand's themes: the widget's CSS custom properties (checked by the contract's
 * ThemeProperties), a font stack and a logo. The logo's bytes live here (at most 64 KiB, base64)
 * and are served by their SHA-256 from the cashier's own origin.
 */
export const brandThemes = pgTable(
  'brand_themes',
  {
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    properties: jsonb('properties').$type<Record<string, string>>().notNull().default({}),
    fonts: text('fonts'),
    logoMediaType: text('logo_media_type', { enum: ['image/png', 'image/svg+xml'] }),
    logoBase64: text('logo_base64'),
    logoSha256: text('logo_sha256'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'brand_themes_pk', columns: [t.brandId, t.name] }),
    index('brand_themes_logo').on(t.logoSha256),
    check('brand_themes_name_format', sql`${t.name} ~ '^[a-z0-9_-]{1,32}$'`),
  ],
);

/** A brand's choice of default theme (brand0 while it has no row). */
export const brandDefaultThemes = pgTable('brand_default_themes', {
  brandId: text('brand_id')
    .primaryKey()
    .references(() => brands.id, { onDelete: 'cascade' }),
  theme: text('theme').notNull(),
});

/** A brand's text overrides of one language: message key to text. */
export const brandTexts = pgTable(
  'brand_texts',
  {
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    texts: jsonb('texts').$type<Record<string, string>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'brand_texts_pk', columns: [t.brandId, t.language] })],
);
