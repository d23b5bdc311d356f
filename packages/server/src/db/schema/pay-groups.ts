/**
 * Pay groups: the payment methods a brand offers per flow, their per-currency limits and fees,
 * and the method each player used last.
 *
 * @packageDocumentation
 */
import type { ReceivedWithdrawalField } from '@cashdesk/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { brands, currencies } from './brands';
import { createdAt, money } from './columns';
import { paymentFlow, providerKind } from './enums';
import { players } from './players';

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
    /**
     * SPEC §3 country filtering: the countries (ISO 3166-1 alpha-2) the pay group is offered in
     * when the brand filters by country; empty: every country.
     */
    countries: jsonb('countries').$type<string[]>().notNull().default([]),
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
