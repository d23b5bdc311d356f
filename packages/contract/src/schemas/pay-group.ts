/**
 * SPEC §3 "Pay group as received": a payment method offered by `payments/groups/init` and
 * `payouts/groups/init`, with its currencies, limits and fees. Optional wire fields are
 * nullish, matching `ReceivedPayGroup` of @cashdesk/domain, so a service that sends `null` for
 * an unused value is still understood.
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { Currency, Decimal, PayGroupId } from './common';

/** SPEC §3: `currencies[].limits`. */
export const PayGroupLimits = z
  .object({
    min_amount: z.nullish(Decimal),
    max_amount: z.nullish(Decimal),
  })
  .check(
    z.meta({
      id: 'PayGroupLimits',
      description:
        'Amount limits of a pay group in one currency (SPEC §3 currencies[0].limits); a missing or null bound is not set.',
    }),
  );
/** SPEC §3: pay group limits. */
export type PayGroupLimits = z.infer<typeof PayGroupLimits>;

/** SPEC §5: a fee percentage as text, e.g. "2%" or "1.5". */
export const FeePercent = z.string().check(
  z.maxLength(16),
  z.regex(/^(?:0|[1-9][0-9]*)(?:\.[0-9]+)?%?$/, 'a percentage such as "2%"'),
  z.meta({
    description:
      'The method fee (SPEC §3 currencies[].fee): what the method costs the operator, a percentage of the amount such as "2%". Absorbed by the operator: never charged to the player, so the widget shows no fee for it (docs/fees.md).',
  }),
);

/** SPEC §3: one entry of a pay group's `currencies` (the widget uses the first one). */
export const PayGroupCurrency = z
  .object({
    currency_id: z.number().check(z.int(), z.gte(1)),
    name: z.nullish(z.string().check(z.maxLength(100))),
    alpha3: Currency,
    iso_number: z.nullish(
      z.union([
        z.number().check(z.int(), z.gte(0), z.lte(999)),
        z.string().check(z.regex(/^[0-9]{3}$/)),
      ]),
    ),
    precision: z.number().check(z.int(), z.gte(0), z.lte(10)),
    fee: z.nullish(FeePercent),
    processing_time_translation_key: z.nullish(z.string().check(z.maxLength(200))),
    show_processing_time: z.nullish(z.boolean()),
    limits: z.nullish(PayGroupLimits),
  })
  .check(
    z.meta({
      id: 'PayGroupCurrency',
      description:
        'A currency a pay group accepts (SPEC §3 currencies[0]): id, name, alpha3, ISO number, precision (decimal places, 0-10; the spec does not show a maximum, 10 is the amount input limit of SPEC §9), the method fee percentage text such as "2%" (what the method costs the operator, never charged to the player: docs/fees.md), processing time key and limits.',
    }),
  );
/** SPEC §3: pay group currency. */
export type PayGroupCurrency = z.infer<typeof PayGroupCurrency>;

/** SPEC §3 "Merchant user fee: percentage and fix". */
export const MerchantUserFee = z
  .object({
    percentage: z.nullish(Decimal),
    fix: z.nullish(Decimal),
  })
  .check(
    z.meta({
      id: 'MerchantUserFee',
      description:
        'Fee the merchant charges the player (SPEC §3): a percentage of the amount plus a fixed part in the payment currency, both decimal strings; their sum rounded once, half up, to the currency precision (SPEC §5). Paid on top of a deposit, taken from a withdrawal; the one fee the player pays, never added to the method fee (docs/fees.md).',
    }),
  );
/** SPEC §3: merchant user fee. */
export type MerchantUserFee = z.infer<typeof MerchantUserFee>;

/** SPEC §3 enumerations: info block kinds, the wire values of `action_type`. */
export const ACTION_TYPES = ['activity', 'nested_list', 'info'] as const;

/** SPEC §3 "Pay group as received". */
export const PayGroup = z
  .object({
    id: PayGroupId,
    short_name: z.string().check(z.minLength(1), z.maxLength(100)),
    public_name: z.nullish(z.string().check(z.maxLength(200))),
    arrangement: z.nullish(z.number().check(z.int())),
    popular: z.nullish(z.boolean()),
    logo: z.nullish(z.string().check(z.maxLength(2048))),
    native_pay_type: z.nullish(z.string().check(z.maxLength(50))),
    action_type: z.nullish(z.enum(ACTION_TYPES)),
    info: z.nullish(z.string().check(z.maxLength(2048))),
    info_in_iframe: z.nullish(z.boolean()),
    self_target: z.nullish(z.boolean()),
    pay_method_type: z.nullish(z.string().check(z.maxLength(100))),
    last_used: z.nullish(z.boolean()),
    auto_submit: z.nullish(z.boolean()),
    show_in_carousel: z.nullish(z.boolean()),
    allow_pre_selected_method: z.nullish(z.boolean()),
    restricted_until: z.nullish(z.iso.datetime({ offset: true })),
    merchant_user_fee: z.nullish(MerchantUserFee),
    display_limits: z.nullish(z.boolean()),
    currencies: z.array(PayGroupCurrency).check(z.minLength(1)),
    pay_group: z.nullish(z.string().check(z.maxLength(100))),
    enabled: z.nullish(z.boolean()),
    limit_reached: z.nullish(z.boolean()),
    allowed_limit_amount: z.nullish(Decimal),
    amount_flagged: z.nullish(z.boolean()),
  })
  .check(
    z.meta({
      id: 'PayGroup',
      description:
        'A pay group as received (SPEC §3): a payment method of the deposit or payout list. action_type is activity (opens its form), nested_list (opens a sub-list) or info (never navigates); restricted_until is an ISO date-time until which the method is restricted (SPEC §4); native_pay_type names Apple Pay or Google Pay (e.g. "apple_pay", "google_pay"); pay_method_type is the type used by the method type filter (e.g. "cards", "e_wallets", "bank_transfers", "bet_shops"); self_target (SPEC §2 isSelfTarget, the wire field designed) opens the method links and payment redirects in the cashier window itself rather than a new one. Beyond the spec\'s list (designed, the availability facts of SPEC §4 "Enabled"): enabled (false shows the method as Disabled), limit_reached (the player\'s limit for this method was reached), allowed_limit_amount (the amount the player may still move; a min limit above it disables the method) and amount_flagged; absent means enabled.',
    }),
  );
/** SPEC §3: a pay group as received. */
export type PayGroup = z.infer<typeof PayGroup>;

/** SPEC §3: one tier of the lost-profit merchant bonus. */
export const LostProfitTier = z
  .object({
    from: z.nullish(Decimal),
    to: z.nullish(Decimal),
    percent_value: z.nullish(Decimal),
    absolute_value: z.nullish(Decimal),
  })
  .check(
    z.meta({
      id: 'LostProfitTier',
      description:
        'One tier of the lost-profit merchant bonus (SPEC §3; tier fields not shown in the spec, designed like tax tiers): amount range from/to and the bonus as a percentage or an absolute value.',
    }),
  );
/** SPEC §3: lost-profit tier. */
export type LostProfitTier = z.infer<typeof LostProfitTier>;

/** SPEC §3 "Lost-profit merchant bonus: pay_group and tiers". */
export const LostProfitBonus = z
  .object({
    pay_group: z.nullish(z.union([PayGroupId, z.string().check(z.minLength(1), z.maxLength(100))])),
    tiers: z.nullish(z.array(LostProfitTier)),
  })
  .check(
    z.meta({
      id: 'LostProfitBonus',
      description:
        'The lost-profit ribbon (SPEC §3, §5): the pay group it belongs to (by id or short name) and its tiers; the ribbon shows the largest percent and absolute value across tiers.',
    }),
  );
/** SPEC §3: lost-profit bonus. */
export type LostProfitBonus = z.infer<typeof LostProfitBonus>;
