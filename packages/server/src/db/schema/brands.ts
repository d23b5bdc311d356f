/**
 * Brands and their configuration: the brand (operator site) with its settings, the currencies
 * and the brand's tax tiers.
 *
 * @packageDocumentation
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns';
import { paymentFlow } from './enums';

/**
 * A brand (operator site) and its settings (SPEC §3 cashier response and widget settings).
 * Typed columns for everything the cashier response names; `settings` only for free-form widget
 * extras (logo sizes, PCI DSS logo, ...).
 */
export const brands = pgTable(
  'brands',
  {
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
    processingPageRedirectTimeout: integer('processing_page_redirect_timeout')
      .notNull()
      .default(30),
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
    /**
     * Free-form widget settings that no rule of the server reads, and the server's own keys (names
     * starting with `@`: the payout approval's exempt amounts, modules/brand-config/payout-approval.ts).
     */
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
    /**
     * The brand's connector routing rules in priority order (the contract's RoutingRule list,
     * modules/routing): which connectors a new payment may go to and whether a soft decline
     * cascades. Empty: every payment goes to its pay group's connector.
     */
    routingRules: jsonb('routing_rules').$type<unknown[]>().notNull().default([]),
    verifiedFlows: jsonb('verified_flows')
      .$type<('deposit' | 'withdrawal')[]>()
      .notNull()
      .default([]),
    /**
     * A preview brand (docs/decisions/0107-previewing-configuration.md): a hidden, short-lived copy
     * of brand `preview_of` with a draft of its configuration applied, shown to its staff in the
     * back office before they save. Never listed, never reachable by an API key, its sessions
     * never pay; swept once `preview_expires_at` has passed. Both `null` for a real brand.
     */
    previewOf: text('preview_of').references((): AnyPgColumn => brands.id, { onDelete: 'cascade' }),
    previewExpiresAt: timestamp('preview_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'brands_preview_both_or_neither',
      sql`(${t.previewOf} is null) = (${t.previewExpiresAt} is null)`,
    ),
    index('brands_preview_expires')
      .on(t.previewExpiresAt)
      .where(sql`${t.previewExpiresAt} is not null`),
  ],
);

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
