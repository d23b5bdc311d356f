/**
 * SPEC §3 "Cashier response": the answer of `payments/groups/init` (deposit) and
 * `payouts/groups/init` (withdrawal), with the tax, bonus, view data and settings it carries.
 *
 * @packageDocumentation
 */
import { DEFAULT_SUCCESS_PAGE_REDIRECT_TIMEOUT_S, REDIRECT_TARGET_MODES } from '@cashdesk/domain';
import * as z from 'zod/mini';
import { Currency, Decimal, PayGroupId, UrlOrPath } from './common';
import { LostProfitBonus, PayGroup } from './pay-group';

/** SPEC §3 enumerations: information display kinds. */
export const VIEW_DATA_KINDS = [
  'text',
  'line',
  'information_block',
  'popup',
  'collapse',
  'additional_info',
  'wager',
] as const;

/** SPEC §3 `view_data`: one block of information shown above a list or form (designed shape). */
export const ViewDataItem = z
  .object({
    type: z.enum(VIEW_DATA_KINDS),
    key: z.optional(z.string().check(z.maxLength(100))),
    title: z.optional(z.string().check(z.maxLength(500))),
    text: z.optional(z.string().check(z.maxLength(5000))),
    value: z.optional(Decimal),
    pay_group_id: z.optional(PayGroupId),
  })
  .check(
    z.meta({
      id: 'ViewDataItem',
      description:
        'One information block of view_data (SPEC §3; the spec names view_data and the information display kinds but not the block shape, designed here): type is the display kind, key a stable name (e.g. "wager_amount", which disables withdrawals by wager for the listed brands, SPEC §4), title and text plain text or message keys, value a decimal the block shows, pay_group_id the method it belongs to when it is method-specific.',
    }),
  );
/** SPEC §3: one view data block. */
export type ViewDataItem = z.infer<typeof ViewDataItem>;

/** SPEC §3 `view_data`. */
export const ViewData = z.array(ViewDataItem);
/** The type of {@link ViewData}. */
export type ViewData = z.infer<typeof ViewData>;

/** SPEC §3: one tax tier. */
export const TaxTier = z
  .object({
    from: z.optional(Decimal),
    to: z.optional(Decimal),
    percent_value: z.optional(Decimal),
    absolute_value: z.optional(Decimal),
  })
  .check(
    z.meta({
      id: 'TaxTier',
      description:
        'One tax tier (SPEC §3, §5): the part of the amount from `from` up to `to` (no upper bound when `to` is absent) is taxed at percent_value percent plus absolute_value. A tier with zero percent and zero absolute value is the non-taxable amount up to its upper bound.',
    }),
  );
/** SPEC §3: tax tier. */
export type TaxTier = z.infer<typeof TaxTier>;

/** SPEC §3 `tax`. */
export const Tax = z.object({ tiers: z.array(TaxTier) }).check(
  z.meta({
    id: 'Tax',
    description:
      'Tax by tiers (SPEC §3, §5); tax is rounded to 2 decimals. An empty list means no tax.',
  }),
);
/** SPEC §3: tax. */
export type Tax = z.infer<typeof Tax>;

/** SPEC §3 "Bonus info". */
export const BonusInfo = z
  .object({
    absoluteBonusValue: z.nullable(Decimal),
    percentBonusValue: z.nullable(Decimal),
    maxBonusValue: z.nullable(Decimal),
    minDepositAmount: z.nullable(Decimal),
    maxDepositAmount: z.nullable(Decimal),
  })
  .check(
    z.meta({
      id: 'BonusInfo',
      description:
        'Bonus values (SPEC §3 "Bonus info", names as the spec gives them): absolute wins over percentage; percentage capped at maxBonusValue; applies only from minDepositAmount (SPEC §5). null means the bonus does not set the value.',
    }),
  );
/** SPEC §3: bonus info. */
export type BonusInfo = z.infer<typeof BonusInfo>;

/** SPEC §3 `user_bonuses`: one bonus of the player. */
export const UserBonus = z
  .object({
    bonusDescription: z.optional(z.string().check(z.maxLength(1000))),
    bonusPayGroupsIds: z.optional(z.array(PayGroupId)),
    bonusInfo: BonusInfo,
  })
  .check(
    z.meta({
      id: 'UserBonus',
      description:
        'A bonus offered to the player (SPEC §3 bonus state; the spec names these fields in camelCase and so does the wire). bonusPayGroupsIds are the pay groups it applies to (the spec\'s user_bonuses "pay_groups"); absent or empty means a general bonus for every pay group.',
    }),
  );
/** SPEC §3: a user bonus. */
export type UserBonus = z.infer<typeof UserBonus>;

/** SPEC §3 `withdrawal_reverse`: the pending withdrawal the player may cancel. */
export const WithdrawalReverse = z
  .object({
    amount: Decimal,
    currency: Currency,
  })
  .check(
    z.meta({
      id: 'WithdrawalReverse',
      description:
        'The pending withdrawal amount the player can still cancel (SPEC §3 withdrawal_reverse, §2 /reject-withdrawal; shape designed from the reject state {amount, currency}). null in the cashier response when nothing is pending.',
    }),
  );
/** SPEC §3: pending withdrawal. */
export type WithdrawalReverse = z.infer<typeof WithdrawalReverse>;

/** SPEC §3 `cashier_settings`. */
export const CashierSettings = z.object({ country_filtering_enabled: z.boolean() }).check(
  z.meta({
    id: 'CashierSettings',
    description:
      "Brand settings of the cashier (SPEC §3 cashier_settings): with country_filtering_enabled the pay groups listed are those offered in the player's country (user_profile.country; a pay group the operator limited to other countries is neither listed nor selectable), and the homepage tells the player so.",
  }),
);
/** The type of {@link CashierSettings}. */
export type CashierSettings = z.infer<typeof CashierSettings>;

/** SPEC §3 session state logoSizes: the method logos' size in CSS pixels (SPEC §9: 40 by 40). */
export const LogoSizes = z
  .object({
    height: z.number().check(z.int(), z.gte(16), z.lte(96)),
    width: z.number().check(z.int(), z.gte(16), z.lte(192)),
  })
  .check(
    z.meta({
      id: 'LogoSizes',
      description:
        "The size the cashier draws the method logos at, in CSS pixels (SPEC §3 logoSizes; SPEC §9 default 40 by 40): height 16 to 96, width 16 to 192. The operator sets it as logo_sizes in the brand's widget_settings; the server always sends it (SPEC §9's default when the brand sets none or a value out of this shape), and a client reads its absence as that default.",
    }),
  );
/** The type of {@link LogoSizes}. */
export type LogoSizes = z.infer<typeof LogoSizes>;

/** SPEC §3 deposit and withdrawal state `widgetSettings` (designed as one object for both flows). */
export const WidgetSettings = z
  .object({
    logo_sizes: z.optional(LogoSizes),
    currency_display_setting_id: z.number().check(z.int(), z.gte(1), z.lte(4)),
    bonus_in_amount_block: z.boolean(),
    processing_page_redirect_timeout: z.number().check(z.int(), z.gte(0), z.lte(86_400)),
    success_page_redirect_timeout: z._default(
      z.number().check(z.int(), z.gte(0), z.lte(86_400)),
      DEFAULT_SUCCESS_PAGE_REDIRECT_TIMEOUT_S,
    ),
    show_pci_dss_logo: z._default(z.boolean(), false),
  })
  .check(
    z.meta({
      id: 'WidgetSettings',
      description:
        "Display settings of the brand (SPEC §3 widgetSettings of the deposit and withdrawal state, plus success_page_redirect_timeout of the session state; the spec does not show where they travel, designed as one object of the cashier response). currency_display_setting_id: 1 digits+ISO code, 2 ISO code+digits, 3 digits+symbol, 4 symbol+digits. bonus_in_amount_block shows the bonus inside the amount block. Timeouts are in seconds; success_page_redirect_timeout defaults to 30 (SPEC §9). show_pci_dss_logo (SPEC §3 session state showPCIDSSLogo) shows the PCI DSS mark under the forms that take card data; the operator sets it as show_pci_dss_logo in the brand's widget_settings, and absent it is false.",
    }),
  );
/** Widget settings. */
export type WidgetSettings = z.infer<typeof WidgetSettings>;

/** The player facts the widget needs (designed). */
export const UserProfile = z
  .object({
    country: z.nullable(z.string().check(z.regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha2'))),
    phone: z.nullable(
      z
        .string()
        .check(z.regex(/^\+[0-9]{6,15}$/, 'an international phone number such as +35699123456')),
    ),
    language: z.string().check(z.regex(/^[a-z]{2,3}$/, 'a language code')),
  })
  .check(
    z.meta({
      id: 'UserProfile',
      description:
        "The player's profile facts the widget needs (designed; the spec reads userPhone and countryCode in the session state but does not show where they come from): country (ISO alpha2) is the default country of the phone field (SPEC §5 \"default country from the user's country\"), phone fills the read-only visible phone field (null shows the empty-phone-in-profile error), language the player's language.",
    }),
  );
/** The player profile. */
export type UserProfile = z.infer<typeof UserProfile>;

const cashierShape = {
  view_data: ViewData,
  cashier_settings: CashierSettings,
  cashier_features: z.array(z.string().check(z.minLength(1), z.maxLength(100))),
  lost_profit_merchant_bonus: z.nullable(LostProfitBonus),
  withdrawal_reverse: z.nullable(WithdrawalReverse),
  tax: Tax,
  user_bonuses: z.array(UserBonus),
  merchant_url: z.nullable(UrlOrPath),
  merchant_success_url: z.nullable(UrlOrPath),
  merchant_fail_url: z.nullable(UrlOrPath),
  merchant_processing_url: z.nullable(UrlOrPath),
  merchant_redirect_type: z.enum(REDIRECT_TARGET_MODES),
  user_balance: z._default(Decimal, '0'),
  auth_token: z.string().check(z.minLength(1), z.maxLength(512)),
  widget_settings: WidgetSettings,
  user_profile: UserProfile,
};

const CASHIER_NOTES =
  'cashier_features lists the enabled feature names (the widget keeps the billing-prefixed ones, SPEC §3): billing_carousel shows the method carousel, billing_quick_suggestions the quick suggestions, billing_lost_profit the lost-profit group and ribbon, and a feature not named is off; merchant URLs are where the final result redirects (SPEC §2), merchant_redirect_type the target (self, blank, top, parent); user_balance defaults to "0"; auth_token authorises the realtime and clickstream websocket (SPEC §7): a short-lived connection token (HS256 JWT) renewed through POST realtime/token. widget_settings and user_profile are designed additions (see their schemas).';

/** SPEC §3 "Cashier response" of the deposit flow (`payments/groups/init`). */
export const DepositInitResponse = z
  .object({
    ...cashierShape,
    payment_groups: z.array(PayGroup),
  })
  .check(
    z.meta({
      id: 'DepositInitResponse',
      description: `The deposit cashier response (SPEC §3 "Cashier response", §7 GET payments/groups/init): the pay groups in payment_groups. ${CASHIER_NOTES}`,
    }),
  );
/** SPEC §3: deposit cashier response (as parsed, defaults applied). */
export type DepositInitResponse = z.infer<typeof DepositInitResponse>;
/** SPEC §3: deposit cashier response as sent (defaulted fields optional). */
export type DepositInitResponseInput = z.input<typeof DepositInitResponse>;

/** SPEC §3 "Cashier response" of the withdrawal flow (`payouts/groups/init`). */
export const PayoutInitResponse = z
  .object({
    ...cashierShape,
    payout_groups: z.array(PayGroup),
  })
  .check(
    z.meta({
      id: 'PayoutInitResponse',
      description: `The withdrawal cashier response (SPEC §3 "Cashier response", §7 GET payouts/groups/init): the pay groups in payout_groups. ${CASHIER_NOTES}`,
    }),
  );
/** SPEC §3: withdrawal cashier response (as parsed). */
export type PayoutInitResponse = z.infer<typeof PayoutInitResponse>;
/** SPEC §3: withdrawal cashier response as sent. */
export type PayoutInitResponseInput = z.input<typeof PayoutInitResponse>;
