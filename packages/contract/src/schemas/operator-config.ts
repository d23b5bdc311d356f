/**
 * The operator API's configuration of a brand (tag operator-configuration): currencies,
 * pay groups and their methods per flow, tax tiers, bonuses, the lost-profit bonus, content pages,
 * notifications and the brand's settings. The same documents describe the demo brands
 * (the server's seed applies them through the same configuration layer), so there is one way to
 * describe a brand.
 *
 * Conventions: money is a decimal string; a document written with PUT replaces what it names
 * (a field left out takes its default); references to pay groups are their ids, and an id of
 * another brand's pay group is answered as unknown (404, 1803).
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { ACTION_TYPES } from './pay-group';
import { Currency, DateTime, Decimal, PayGroupId, Url, UrlOrPath } from './common';
import { ContentSection, ContentSlug } from './content';
import { WithdrawalFieldDefinition } from './fields';
import { LanguageCode, PaymentFlowSchema } from './sandbox';
import { LogoSizes } from './cashier';
import { changeRequest } from './operator';

/** SPEC §1 method kinds as the payment provider handles them (the server's PAYMENT_METHOD_KINDS). */
export const CONFIG_PROVIDER_KINDS = [
  'card',
  'alternative',
  'mobile',
  'display_form',
  'bank_transfer',
  'bet_shop',
] as const;

/** SPEC §2 redirect target modes. */
export const MERCHANT_REDIRECT_TYPES = ['self', 'blank', 'top', 'parent'] as const;

/** A pay group's short name: its key within a brand and flow. */
export const PayGroupShortName = z
  .string()
  .check(z.regex(/^[a-z0-9][a-z0-9_-]{0,49}$/, 'lower-case letters, digits, "_" or "-"'));

const Name = z.string().check(z.minLength(1), z.maxLength(200));

// --- currencies ---------------------------------------------------------------------------------

/** Path parameters naming a currency. */
export const CurrencyParams = z.object({ alpha3: Currency });

/** SPEC §3 currency as defined (PUT /currencies/{alpha3}). */
export const CurrencyDefinitionRequest = z
  .object({
    currency_id: z.number().check(z.int(), z.gte(1), z.lte(2_147_483_647)),
    name: Name,
    iso_number: z.number().check(z.int(), z.gte(0), z.lte(999)),
    precision: z.number().check(z.int(), z.gte(0), z.lte(10)),
  })
  .check(
    z.meta({
      id: 'CurrencyDefinitionRequest',
      description:
        'Defines a currency (SPEC §3: currency id, name, ISO number, precision). Currencies are shared by every brand and their balances and transactions, so a definition is fixed once written: writing the same again changes nothing, writing another one for a defined code answers 409 (1805). A brand offers exactly the currencies its pay groups list.',
    }),
  );
/** The type of {@link CurrencyDefinitionRequest}. */
export type CurrencyDefinitionRequest = z.infer<typeof CurrencyDefinitionRequest>;

/** A defined currency. */
export const CurrencyDefinition = z
  .object({ alpha3: Currency, ...CurrencyDefinitionRequest.shape })
  .check(z.meta({ id: 'CurrencyDefinition', description: 'A currency (SPEC §3).' }));
/** The type of {@link CurrencyDefinition}. */
export type CurrencyDefinition = z.infer<typeof CurrencyDefinition>;

/** GET /currencies. */
export const CurrencyList = z
  .object({
    currencies: z.array(CurrencyDefinition),
    offered: z.array(Currency),
  })
  .check(
    z.meta({
      id: 'CurrencyList',
      description:
        "Every defined currency, and the ones this brand offers: those its enabled pay groups list (a brand's currencies follow from its pay groups; there is no separate list to keep in step).",
    }),
  );

// --- pay groups ---------------------------------------------------------------------------------

/** Path parameters naming a pay group by flow and short name. */
export const PayGroupConfigParams = z.object({
  flow: PaymentFlowSchema,
  shortName: PayGroupShortName,
});

/** Query of the pay group list. */
export const PayGroupListQuery = z.object({ flow: z.optional(PaymentFlowSchema) });

/** docs/fees.md: the method fee of a currency, a percentage of the amount below 100. */
const FeePercentText = z.string().check(
  z.regex(/^(?:0|[1-9][0-9]?)(?:\.[0-9]+)?%$/, 'a percentage below 100 such as "2%"'),
  z.meta({
    description:
      'The method fee: what the method costs the operator in this currency, a percentage of the amount below 100 such as "2%" (null: none). Absorbed by the operator: computed on the amount, rounded half up to the currency precision, reported as method_fee of the transaction and never charged to or shown to the player (docs/fees.md).',
  }),
);

/** docs/fees.md: the merchant user fee's percentage, of the amount, below 100. */
const MerchantFeePercentage = z.string().check(
  z.regex(/^(?:0|[1-9][0-9]?)(?:\.[0-9]+)?$/, 'a percentage below 100 such as "1.5"'),
  z.meta({
    description:
      'Percentage of the amount the player pays, below 100, without a sign ("1.5"); null: none.',
  }),
);

/** SPEC §3 `currencies[]` of a pay group: limits, fee, amount blocks and presets. */
export const PayGroupCurrencyConfig = z
  .object({
    currency: Currency,
    min_amount: z.optional(z.nullable(Decimal)),
    max_amount: z.optional(z.nullable(Decimal)),
    max_recurring_amount: z.optional(z.nullable(Decimal)),
    fee: z.optional(z.nullable(FeePercentText)),
    amount_blocks: z.optional(z.array(Decimal).check(z.maxLength(20))),
    preset_amount: z.optional(z.nullable(Decimal)),
    processing_time_translation_key: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
    show_processing_time: z.optional(z.boolean()),
  })
  .check(
    z.meta({
      id: 'PayGroupCurrencyConfig',
      description:
        'One currency of a pay group: limits (min_amount ≤ max_amount), the method fee (what the method costs the operator, never charged to the player: docs/fees.md), the predefined amount buttons and the preset amount (both within the limits).',
    }),
  );

const payGroupDocumentShape = {
  public_name: Name,
  public_names: z.optional(z.record(LanguageCode, Name)),
  provider_kind: z.enum(CONFIG_PROVIDER_KINDS),
  pay_method_type: z.string().check(z.minLength(1), z.maxLength(50)),
  connector: z.optional(
    z.nullable(z.string().check(z.regex(/^[a-z][a-z0-9-]{0,31}$/, 'a connector name'))),
  ),
  enabled: z.optional(z.boolean()),
  arrangement: z.optional(z.number().check(z.int(), z.gte(-1_000_000), z.lte(1_000_000))),
  popular: z.optional(z.boolean()),
  show_in_carousel: z.optional(z.boolean()),
  restricted_until: z.optional(z.nullable(DateTime)),
  logo: z.optional(z.nullable(UrlOrPath)),
  native_pay_type: z.optional(z.nullable(z.enum(['apple_pay', 'google_pay']))),
  action_type: z.optional(z.enum(ACTION_TYPES)),
  workflow_type: z.optional(z.nullable(z.string().check(z.maxLength(50)))),
  auto_submit: z.optional(z.boolean()),
  allow_pre_selected_method: z.optional(z.boolean()),
  display_limits: z.optional(z.boolean()),
  merchant_user_fee: z.optional(
    z.nullable(
      z
        .object({
          percentage: z.nullable(MerchantFeePercentage),
          fix: z.nullable(Decimal).check(
            z.meta({
              description:
                'Fixed part in the payment currency (the same figure in each currency of the pay group), counted at the currency precision, half up: 0.25 counts as 0.25 EUR but 0 JPY; null: none.',
            }),
          ),
        })
        .check(
          z.meta({
            description:
              'The fee the player pays (SPEC §3 merchant_user_fee): percentage of the amount plus the fixed part, rounded once, half up, to the currency precision; charged on top of a deposit, taken from a withdrawal, shown to the player before paying and reported as fee of the transaction. Never added to the method fee (docs/fees.md). null: none.',
          }),
        ),
    ),
  ),
  info_url: z.optional(z.nullable(Url)),
  info_in_iframe: z.optional(z.boolean()),
  self_target: z.optional(z.boolean()),
  amount_reg_exp_fe: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
  preset_behavior: z.optional(z.nullable(z.string().check(z.maxLength(50)))),
  allow_preset_amount: z.optional(z.boolean()),
  is_routable: z.optional(z.boolean()),
  processing_currency: z.optional(z.nullable(z.object({ alpha3: Currency, rate: Decimal }))),
  show_processing_currency: z.optional(z.boolean()),
  allow_new_payout_account: z.optional(z.boolean()),
  verify_new_payout_account: z.optional(z.boolean()),
  fields: z.optional(z.array(WithdrawalFieldDefinition).check(z.maxLength(50))),
  view_data: z.optional(z.array(z.record(z.string(), z.unknown())).check(z.maxLength(50))),
  currencies: z.array(PayGroupCurrencyConfig).check(z.minLength(1), z.maxLength(50)),
};

/** PUT /pay-groups/{flow}/{shortName}: the whole pay group (fields left out take their default). */
export const PayGroupDocument = z.object(payGroupDocumentShape).check(
  z.meta({
    id: 'PayGroupDocument',
    description:
      'A pay group and its method of one flow (SPEC §3 "Pay group as received", "Method detail"): public_name is the default name, public_names the name per language (init answers the session language\'s, else public_name); connector must be a configured connector (null: the default one); fields are checked against the flow\'s field definition (deposit fields may not carry the withdrawal-only properties); per currency the limits, method fee, amount blocks and presets. merchant_user_fee is the fee the player pays, the fee of each currency the method fee the operator absorbs; they never add up (docs/fees.md). Writing it replaces the pay group; it keeps its id.',
  }),
);
/** The type of {@link PayGroupDocument}. */
export type PayGroupDocument = z.infer<typeof PayGroupDocument>;

/** A configured pay group as answered: its id, flow, short name and the whole document. */
export const PayGroupConfig = z
  .object({
    id: PayGroupId,
    flow: PaymentFlowSchema,
    short_name: PayGroupShortName,
    ...payGroupDocumentShape,
  })
  .check(
    z.meta({
      id: 'PayGroupConfig',
      description: 'A configured pay group, every field filled in (defaults included).',
    }),
  );
/** The type of {@link PayGroupConfig}. */
export type PayGroupConfig = z.infer<typeof PayGroupConfig>;

/** GET /pay-groups. */
export const PayGroupConfigList = z.object({ pay_groups: z.array(PayGroupConfig) }).check(
  z.meta({
    id: 'PayGroupConfigList',
    description: 'The pay groups of the brand, by flow then arrangement.',
  }),
);

/** DELETE /pay-groups/{flow}/{shortName}. */
export const PayGroupDeleted = z
  .object({ id: PayGroupId, flow: PaymentFlowSchema, short_name: PayGroupShortName })
  .check(z.meta({ id: 'PayGroupDeleted', description: 'The pay group that was deleted.' }));

// --- tax tiers ----------------------------------------------------------------------------------

/** Path parameters naming a flow. */
export const FlowParams = z.object({ flow: PaymentFlowSchema });

/** SPEC §3 tax tier: the part of an amount in (from, to] is taxed. */
export const TaxTierConfig = z
  .object({
    from: Decimal,
    to: z.nullable(Decimal),
    percent_value: Decimal,
    absolute_value: Decimal,
  })
  .check(
    z.meta({
      id: 'TaxTierConfig',
      description:
        'A tax tier (SPEC §3, §5): the part of the amount in (from, to] is taxed percent_value % plus absolute_value; to null is open-ended. A tier with 0 and 0 is non-taxable.',
    }),
  );

/** PUT /tax-tiers/{flow}. */
export const TaxTiersDocument = z
  .object({ tiers: z.array(TaxTierConfig).check(z.maxLength(50)) })
  .check(
    z.meta({
      id: 'TaxTiersDocument',
      description:
        "The flow's tax tiers, replacing the list: ordered by from, each from below its to, none overlapping the one before, only the last open-ended. An empty list: no tax.",
    }),
  );
/** The type of {@link TaxTiersDocument}. */
export type TaxTiersDocument = z.infer<typeof TaxTiersDocument>;

/** GET /tax-tiers. */
export const TaxTiersConfig = z
  .object({ deposit: z.array(TaxTierConfig), withdrawal: z.array(TaxTierConfig) })
  .check(z.meta({ id: 'TaxTiersConfig', description: 'The tax tiers of both flows.' }));

// --- the lost-profit bonus ----------------------------------------------------------------------

/** A lost-profit bonus tier (SPEC §3 lost_profit_merchant_bonus). */
export const LostProfitTierConfig = z
  .object({
    from: z.nullable(Decimal),
    to: z.nullable(Decimal),
    percent_value: z.nullable(Decimal),
    absolute_value: z.nullable(Decimal),
  })
  .check(
    z.meta({
      id: 'LostProfitTierConfig',
      description:
        'A tier of the lost-profit bonus: deposits in (from, to] get percent_value % and absolute_value.',
    }),
  );

/** PUT /lost-profit-bonus. */
export const LostProfitBonusDocument = z
  .object({
    pay_group_id: PayGroupId,
    tiers: z.array(LostProfitTierConfig).check(z.minLength(1), z.maxLength(50)),
  })
  .check(
    z.meta({
      id: 'LostProfitBonusDocument',
      description:
        "The brand's lost-profit bonus (SPEC §3): a deposit pay group of the brand and its tiers (ordered, not overlapping, only the last open-ended), replacing the one there was.",
    }),
  );
/** The type of {@link LostProfitBonusDocument}. */
export type LostProfitBonusDocument = z.infer<typeof LostProfitBonusDocument>;

/** GET /lost-profit-bonus. */
export const LostProfitBonusConfig = z
  .object({ lost_profit_bonus: z.nullable(LostProfitBonusDocument) })
  .check(
    z.meta({
      id: 'LostProfitBonusConfig',
      description: "The brand's lost-profit bonus, null when it has none.",
    }),
  );

// --- bonuses ------------------------------------------------------------------------------------

/** Path parameters naming a player by the brand's id of them. */
export const PlayerBonusParams = z.object({
  externalId: z
    .string()
    .check(z.minLength(1), z.maxLength(100), z.regex(/^[A-Za-z0-9_.@-]+$/, 'a player id')),
});

/** A bonus offered to a player (SPEC §3 bonus info). */
export const BonusConfig = z
  .object({
    description: z.string().check(z.minLength(1), z.maxLength(500)),
    absolute_value: z.optional(z.nullable(Decimal)),
    percent_value: z.optional(z.nullable(Decimal)),
    max_value: z.optional(z.nullable(Decimal)),
    min_deposit_amount: z.optional(z.nullable(Decimal)),
    max_deposit_amount: z.optional(z.nullable(Decimal)),
    pay_group_ids: z.array(PayGroupId).check(z.maxLength(50)),
  })
  .check(
    z.meta({
      id: 'BonusConfig',
      description:
        'A bonus of a player (SPEC §3 bonus info): an absolute or percent value (at least one), a cap and the deposit range. pay_group_ids empty: a general bonus for every deposit pay group; else only those (deposit pay groups of the brand).',
    }),
  );

/** PUT /bonuses/{externalId}. */
export const PlayerBonusesDocument = z
  .object({ bonuses: z.array(BonusConfig).check(z.maxLength(20)) })
  .check(
    z.meta({
      id: 'PlayerBonusesDocument',
      description: "The player's active bonuses, replacing the list (empty: none).",
    }),
  );
/** The type of {@link PlayerBonusesDocument}. */
export type PlayerBonusesDocument = z.infer<typeof PlayerBonusesDocument>;

// --- content pages ------------------------------------------------------------------------------

/** Path parameters naming a content page in one language. */
export const ContentPageParams = z.object({ slug: ContentSlug, language: LanguageCode });

/** PUT /content-pages/{slug}/{language}. */
export const ContentPageDocument = z
  .object({
    title: z.string().check(z.minLength(1), z.maxLength(200)),
    sections: z.array(ContentSection).check(z.maxLength(50)),
  })
  .check(
    z.meta({
      id: 'ContentPageDocument',
      description:
        'A content page in one language (SPEC §2 /content): title and sections of plain text, served at /content/{slug}.',
    }),
  );
/** The type of {@link ContentPageDocument}. */
export type ContentPageDocument = z.infer<typeof ContentPageDocument>;

/** A content page as configured. */
export const ContentPageConfig = z
  .object({
    slug: ContentSlug,
    language: LanguageCode,
    ...ContentPageDocument.shape,
    updated_at: DateTime,
  })
  .check(z.meta({ id: 'ContentPageConfig', description: 'A configured content page.' }));

/** GET /content-pages. */
export const ContentPageConfigList = z
  .object({ pages: z.array(ContentPageConfig) })
  .check(z.meta({ id: 'ContentPageConfigList', description: 'The content pages of the brand.' }));

// --- notifications ------------------------------------------------------------------------------

/** A notification key: unique within a brand. */
export const NotificationKey = z
  .string()
  .check(z.regex(/^[a-z0-9][a-z0-9_.-]{0,99}$/, 'lower-case letters, digits, "_", "." or "-"'));

/** Path parameters naming a notification. */
export const NotificationParams = z.object({ key: NotificationKey });

/** POST /notifications. */
export const NotificationDocument = z
  .object({
    key: NotificationKey,
    categories: z
      .array(z.string().check(z.regex(/^[a-z][a-z0-9_]{0,49}$/, 'a page category')))
      .check(z.minLength(1), z.maxLength(10)),
    pay_group_id: z.nullable(PayGroupId),
    player_external_id: z.nullable(PlayerBonusParams.shape.externalId),
    message: z.string().check(z.minLength(1), z.maxLength(2000)),
  })
  .check(
    z.meta({
      id: 'NotificationDocument',
      description:
        'A notification (SPEC §2, §3): shown on pages of its categories (deposit_form, withdrawal_form, …), on those forms only for its pay group when it names one; for one player (player_external_id) or every player of the brand (null). Its key is unique in the brand (409, 1805, when taken).',
    }),
  );
/** The type of {@link NotificationDocument}. */
export type NotificationDocument = z.infer<typeof NotificationDocument>;

/** GET /notifications. */
export const NotificationConfigList = z
  .object({ notifications: z.array(NotificationDocument) })
  .check(z.meta({ id: 'NotificationConfigList', description: 'The notifications of the brand.' }));

// --- brand settings -----------------------------------------------------------------------------

/** A plain http(s) origin (scheme, host, optional port; no path). */
export const HostOrigin = z
  .string()
  .check(
    z.maxLength(300),
    z.regex(
      /^https?:\/\/[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::[0-9]{1,5})?$/,
      'a plain http(s) origin such as https://www.brand.example',
    ),
  );

const settingsShape = {
  allowed_host_origins: z.array(HostOrigin).check(z.maxLength(50)),
  merchant_url: z.nullable(UrlOrPath),
  merchant_success_url: z.nullable(UrlOrPath),
  merchant_fail_url: z.nullable(UrlOrPath),
  merchant_processing_url: z.nullable(UrlOrPath),
  merchant_redirect_type: z.enum(MERCHANT_REDIRECT_TYPES),
  success_page_redirect_timeout: z.number().check(z.int(), z.gte(0), z.lte(3600)),
  processing_page_redirect_timeout: z.number().check(z.int(), z.gte(0), z.lte(3600)),
  currency_display_setting_id: z.number().check(z.int(), z.gte(1), z.lte(4)),
  bonus_in_amount_block: z.boolean(),
  country_filtering_enabled: z.boolean(),
  cashier_features: z
    .array(z.string().check(z.regex(/^[a-z][a-z0-9_]{0,63}$/, 'a feature name')))
    .check(z.maxLength(50)),
  wager_rule_enabled: z.boolean(),
  support_url: z.nullable(Url),
  widget_settings: z.record(z.string().check(z.maxLength(64)), z.unknown()).check(
    z.refine(
      (settings) =>
        settings.show_pci_dss_logo === undefined || typeof settings.show_pci_dss_logo === 'boolean',
      'show_pci_dss_logo is true or false',
    ),
    z.refine(
      (settings) =>
        settings.logo_sizes === undefined || LogoSizes.safeParse(settings.logo_sizes).success,
      'logo_sizes is { height: 16 to 96, width: 16 to 192 } in whole pixels',
    ),
  ),
};

/** GET /settings. */
export const BrandSettings = z.object({ ...settingsShape, config_version: z.number() }).check(
  z.meta({
    id: 'BrandSettings',
    description:
      "The brand's settings: the origins allowed to frame its cashier (frame-ancestors), the merchant URLs and redirect type, the result pages' redirect time-outs (seconds), the currency display setting, bonus_in_amount_block, country filtering, cashier features, the wager rule, the support URL and free-form widget settings (among them show_pci_dss_logo, true or false: the PCI DSS mark under the card forms, SPEC §3 showPCIDSSLogo; and logo_sizes, the method logos' height and width in pixels, SPEC §3 logoSizes); with the configuration version.",
  }),
);
/** The type of {@link BrandSettings}. */
export type BrandSettings = z.infer<typeof BrandSettings>;

/** PATCH /settings: only the fields given change. */
export const BrandSettingsUpdate = changeRequest(z.partial(z.object(settingsShape)).shape).check(
  z.meta({
    id: 'BrandSettingsUpdate',
    description:
      "Changes the brand's settings; only the fields given change (at least one; an unknown field is refused). allowed_host_origins accepts only plain http(s) origins.",
  }),
);
/** The type of {@link BrandSettingsUpdate}. */
export type BrandSettingsUpdate = z.infer<typeof BrandSettingsUpdate>;
