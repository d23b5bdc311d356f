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
    currency_id: z
      .number()
      .check(
        z.int(),
        z.gte(1),
        z.lte(2_147_483_647),
        z.describe('SPEC §3 currency_id: the numeric id the cashier answers for the currency.'),
      ),
    name: Name.check(z.describe('The currency\'s name, e.g. "Euro".')),
    iso_number: z
      .number()
      .check(
        z.int(),
        z.gte(0),
        z.lte(999),
        z.describe('The ISO 4217 numeric code, e.g. 978 for EUR.'),
      ),
    precision: z
      .number()
      .check(
        z.int(),
        z.gte(0),
        z.lte(10),
        z.describe(
          'Digits after the decimal point amounts of the currency have (2 for EUR, 0 for JPY, 3 for KWD): amounts with more are refused, and amounts are shown with this many.',
        ),
      ),
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
    min_amount: z
      .optional(z.nullable(Decimal))
      .check(
        z.describe(
          "The smallest amount per payment in this currency (SPEC §3 limits.min_amount); null or left out: no minimum. The player's own limits may narrow it.",
        ),
      ),
    max_amount: z
      .optional(z.nullable(Decimal))
      .check(
        z.describe(
          'The largest amount per payment in this currency (SPEC §3 limits.max_amount), at least min_amount; null or left out: no maximum.',
        ),
      ),
    max_recurring_amount: z
      .optional(z.nullable(Decimal))
      .check(
        z.describe(
          'SPEC §5: above this amount a payment with a saved card asks for the CVV again; null or left out: the CVV follows the field rules only.',
        ),
      ),
    fee: z
      .optional(z.nullable(FeePercentText))
      .check(
        z.describe(
          'A fee percentage of the method in this currency, as text such as "2%"; null or left out: none. How it applies: see docs/fees.md.',
        ),
      ),
    amount_blocks: z
      .optional(z.array(Decimal).check(z.maxLength(20)))
      .check(
        z.describe(
          'The predefined amount buttons of the method page (at most 20), each within the limits; left out: none.',
        ),
      ),
    preset_amount: z
      .optional(z.nullable(Decimal))
      .check(
        z.describe(
          'The amount the method page opens with (SPEC §3), within the limits; used when allow_preset_amount is on. null or left out: none.',
        ),
      ),
    processing_time_translation_key: z
      .optional(z.nullable(z.string().check(z.maxLength(200))))
      .check(
        z.describe(
          'The message key of the processing time shown under the method (e.g. a key set with PUT /texts/{language}); shown only with show_processing_time and when the key has a text.',
        ),
      ),
    show_processing_time: z
      .optional(z.boolean())
      .check(
        z.describe('Shows the processing time (processing_time_translation_key); default false.'),
      ),
  })
  .check(
    z.meta({
      id: 'PayGroupCurrencyConfig',
      description:
        'One currency of a pay group: limits (min_amount ≤ max_amount), the method fee (what the method costs the operator, never charged to the player: docs/fees.md), the predefined amount buttons and the preset amount (both within the limits).',
    }),
  );

const payGroupDocumentShape = {
  public_name: Name.check(
    z.describe(
      'The name players see (1-200 characters), in any language public_names does not name.',
    ),
  ),
  public_names: z
    .optional(z.record(LanguageCode, Name))
    .check(
      z.describe(
        'The name per language code ({"de": "Karte"}): init answers the session language\'s, else public_name.',
      ),
    ),
  provider_kind: z
    .enum(CONFIG_PROVIDER_KINDS)
    .check(
      z.describe(
        'How the payment provider handles the method (SPEC §1 method kinds): card, alternative (an interaction page), mobile, display_form (a QR code), bank_transfer (a receipt upload) or bet_shop (cash at a betting shop).',
      ),
    ),
  pay_method_type: z
    .string()
    .check(
      z.minLength(1),
      z.maxLength(50),
      z.describe(
        'SPEC §3 pay_method_type: the method\'s type, which places it in a category of the method list ("cards" for card methods, e-wallets, bank transfers, …) and lets the cashier recognise a card method.',
      ),
    ),
  connector: z
    .optional(z.nullable(z.string().check(z.regex(/^[a-z][a-z0-9-]{0,31}$/, 'a connector name'))))
    .check(
      z.describe(
        'The connector (payment provider) the method pays through: one configured on the server (docs/providers.md); null or left out: the default connector.',
      ),
    ),
  enabled: z
    .optional(z.boolean())
    .check(
      z.describe(
        'Offered to players; false lists it as disabled (SPEC §4 method grouping). Default true.',
      ),
    ),
  arrangement: z
    .optional(z.number().check(z.int(), z.gte(-1_000_000), z.lte(1_000_000)))
    .check(
      z.describe(
        'The order of the method list: higher first (SPEC §4: sorted by arrangement descending). Default 0.',
      ),
    ),
  popular: z
    .optional(z.boolean())
    .check(
      z.describe('Lists the method in the Popular group of the homepage (SPEC §4). Default false.'),
    ),
  show_in_carousel: z
    .optional(z.boolean())
    .check(
      z.describe(
        'Shows the method in the method carousel (at most 5 methods, SPEC §4). Default false.',
      ),
    ),
  restricted_until: z
    .optional(z.nullable(DateTime))
    .check(
      z.describe(
        'Until when the method is shown as disabled with the date it is available again (SPEC §4); null or left out: not restricted.',
      ),
    ),
  logo: z
    .optional(z.nullable(UrlOrPath))
    .check(
      z.describe(
        "The method's logo: an https address or a path on the cashier's origin; null or left out: the method's name only.",
      ),
    ),
  native_pay_type: z
    .optional(z.nullable(z.enum(['apple_pay', 'google_pay'])))
    .check(
      z.describe(
        'apple_pay or google_pay for a wallet method offered only where the device supports it; null or left out: an ordinary method.',
      ),
    ),
  action_type: z
    .optional(z.enum(ACTION_TYPES))
    .check(
      z.describe(
        'What choosing the method does (SPEC §3 payGroupActionType): activity opens its method page, nested_list a list of the methods under it, info an information page. Default activity.',
      ),
    ),
  workflow_type: z
    .optional(z.nullable(z.string().check(z.maxLength(50))))
    .check(
      z.describe(
        "The method form's workflow (SPEC §4): host-to-host for the card checkout, display-form for a QR-code display form; null or left out: the ordinary method form.",
      ),
    ),
  auto_submit: z
    .optional(z.boolean())
    .check(
      z.describe(
        'Submits the method as soon as it is chosen, without its form (SPEC §4 auto-submit). Default false.',
      ),
    ),
  allow_pre_selected_method: z
    .optional(z.boolean())
    .check(
      z.describe(
        "Lets the homepage open this method by itself when it was the player's last used card method (SPEC §4 automatic choice). Default false.",
      ),
    ),
  display_limits: z
    .optional(z.boolean())
    .check(
      z.describe(
        'Shows the minimum and maximum amount hints of the method (SPEC §5). Default false.',
      ),
    ),
  merchant_user_fee: z
    .optional(
      z.nullable(
        z.object({
          percentage: z
            .nullable(MerchantFeePercentage)
            .check(
              z.describe(
                'Percentage of the amount, e.g. "2.5" (below 100, no % sign); null: none (docs/fees.md).',
              ),
            ),
          fix: z
            .nullable(Decimal)
            .check(
              z.describe(
                'Fixed part in the payment currency (the same figure in each currency of the pay group), counted at the currency precision, half up: 0.25 counts as 0.25 EUR but 0 JPY; null: none.',
              ),
            ),
        }),
      ),
    )
    .check(
      z.describe(
        'The fee the player pays (SPEC §3 merchant_user_fee): percentage of the amount plus the fixed part, rounded once, half up, to the currency precision; charged on top of a deposit, taken from a withdrawal, shown to the player before paying and reported as fee of the transaction. Never added to the method fee (docs/fees.md). null or left out: none.',
      ),
    ),
  info_url: z
    .optional(z.nullable(Url))
    .check(
      z.describe(
        "SPEC §3 info: the address of the method's description page, linked from the method page; null or left out: none.",
      ),
    ),
  info_in_iframe: z
    .optional(z.boolean())
    .check(
      z.describe(
        'Opens info_url inside the cashier (a frame) rather than in a new window. Default false.',
      ),
    ),
  countries: z
    .optional(
      z.array(z.string().check(z.regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2, e.g. GB'))).check(
        z.maxLength(250),
        z.refine((codes) => new Set(codes).size === codes.length, 'each country once'),
      ),
    )
    .check(
      z.describe(
        "SPEC §3 country filtering: the countries (ISO 3166-1 alpha-2, each once, at most 250) the method is offered in while the brand's country_filtering_enabled is on: a player of another country, or with no country, neither sees it in the init answer nor can select or submit it (404). Empty or left out: every country.",
      ),
    ),
  self_target: z
    .optional(z.boolean())
    .check(
      z.describe(
        "Opens the method's links (its info page) and its payment redirects to the provider in the cashier's own window rather than a new one (SPEC §2 isSelfTarget; a native iOS app always uses its own window). Default false.",
      ),
    ),
  amount_reg_exp_fe: z
    .optional(z.nullable(z.string().check(z.maxLength(500))))
    .check(
      z.describe(
        'A regular expression the amount, as typed, must match (SPEC §5 amount pattern check); null or left out: none.',
      ),
    ),
  preset_behavior: z
    .optional(z.nullable(z.string().check(z.maxLength(50))))
    .check(
      z.describe(
        'How the preset amount is used: autosubmit submits the method with it at once (SPEC §4 auto-submit); null or left out: it only fills the amount field.',
      ),
    ),
  allow_preset_amount: z
    .optional(z.boolean())
    .check(z.describe("Fills the amount field with the currency's preset_amount. Default false.")),
  is_routable: z
    .optional(z.boolean())
    .check(
      z.describe(
        "The method's form is routed: fields whose items hold route branches ask the server for the next fields as the player answers (SPEC §3 is_routable). Default false.",
      ),
    ),
  processing_currency: z
    .optional(
      z.nullable(
        z.object({
          alpha3: Currency,
          rate: Decimal,
        }),
      ),
    )
    .check(
      z.describe(
        'SPEC §3 processing_currency: the currency the provider processes the payment in (alpha3) and its rate (units of it per unit of the payment currency), shown to the player with show_processing_currency; null or left out: the payment currency.',
      ),
    ),
  show_processing_currency: z
    .optional(z.boolean())
    .check(
      z.describe(
        'Shows the amount converted into processing_currency on the method page. Default false.',
      ),
    ),
  allow_new_payout_account: z
    .optional(z.boolean())
    .check(
      z.describe(
        'Withdrawal: lets the player add a new payout account (SPEC §3 allow_new_payout_account). Default false.',
      ),
    ),
  verify_new_payout_account: z
    .optional(z.boolean())
    .check(
      z.describe(
        'Withdrawal: a new payout account must be confirmed with a one-time code before it is used (docs/one-time-codes.md). Default false.',
      ),
    ),
  fields: z
    .optional(z.array(WithdrawalFieldDefinition).check(z.maxLength(50)))
    .check(
      z.describe(
        "The method form's fields (at most 50), checked against the flow's field definition (deposit fields may not carry the withdrawal-only properties); left out: none.",
      ),
    ),
  view_data: z
    .optional(z.array(z.record(z.string(), z.unknown())).check(z.maxLength(50)))
    .check(
      z.describe(
        "SPEC §3 view_data: the method page's information items (text, line, information_block, …), in order, as the method detail answers them; left out: none.",
      ),
    ),
  currencies: z
    .array(PayGroupCurrencyConfig)
    .check(
      z.minLength(1),
      z.maxLength(50),
      z.describe(
        'The currencies the method is offered in (1-50, each a defined currency), with their limits, fee, amount buttons and presets. The brand offers exactly the currencies its enabled pay groups list.',
      ),
    ),
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
    to: z
      .nullable(Decimal)
      .check(
        z.describe('The upper bound of the tier (included); null: open-ended, the last tier only.'),
      ),
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
  .object({
    tiers: z
      .array(TaxTierConfig)
      .check(
        z.maxLength(50),
        z.describe('The tiers (at most 50), ordered by from; empty: the flow is not taxed.'),
      ),
  })
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
    from: z
      .nullable(Decimal)
      .check(z.describe('The lower bound of the deposit amount (excluded); null: from zero.')),
    to: z
      .nullable(Decimal)
      .check(
        z.describe(
          'The upper bound of the deposit amount (included); null: open-ended, the last tier only.',
        ),
      ),
    percent_value: z
      .nullable(Decimal)
      .check(z.describe('The bonus as a percentage of the deposit, e.g. "10"; null: none.')),
    absolute_value: z
      .nullable(Decimal)
      .check(z.describe('A fixed bonus amount added to the percentage part; null: none.')),
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
    pay_group_id: PayGroupId.check(
      z.describe(
        'The deposit pay group of the brand that carries the lost-profit bonus ribbon (SPEC §4 LostProfit group).',
      ),
    ),
    tiers: z
      .array(LostProfitTierConfig)
      .check(
        z.minLength(1),
        z.maxLength(50),
        z.describe('The bonus tiers by deposit amount (1-50), ordered and not overlapping.'),
      ),
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
    description: z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(500),
        z.describe('The text the player sees for the bonus (1-500 characters).'),
      ),
    absolute_value: z
      .optional(z.nullable(Decimal))
      .check(
        z.describe('A fixed bonus amount; null or left out: none (then percent_value is set).'),
      ),
    percent_value: z
      .optional(z.nullable(Decimal))
      .check(
        z.describe(
          'The bonus as a percentage of the deposit, e.g. "50"; null or left out: none (then absolute_value is set).',
        ),
      ),
    max_value: z
      .optional(z.nullable(Decimal))
      .check(z.describe('The largest bonus amount; null or left out: no cap.')),
    min_deposit_amount: z
      .optional(z.nullable(Decimal))
      .check(z.describe('The smallest deposit the bonus applies to; null or left out: any.')),
    max_deposit_amount: z
      .optional(z.nullable(Decimal))
      .check(z.describe('The largest deposit the bonus applies to; null or left out: any.')),
    pay_group_ids: z
      .array(PayGroupId)
      .check(
        z.maxLength(50),
        z.describe(
          'The deposit pay groups of the brand the bonus applies to; empty: every deposit pay group.',
        ),
      ),
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
  .object({
    bonuses: z
      .array(BonusConfig)
      .check(z.maxLength(20), z.describe("The player's active bonuses (at most 20); empty: none.")),
  })
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
    title: z
      .string()
      .check(z.minLength(1), z.maxLength(200), z.describe("The page's title (1-200 characters).")),
    sections: z
      .array(ContentSection)
      .check(
        z.maxLength(50),
        z.describe(
          'The sections of the page (at most 50), each a heading and paragraphs of plain text.',
        ),
      ),
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
    key: NotificationKey.check(
      z.describe(
        "The notification's key, unique in the brand (lower-case letters, digits, _, . or -): DELETE /notifications/{key} removes it.",
      ),
    ),
    categories: z
      .array(z.string().check(z.regex(/^[a-z][a-z0-9_]{0,49}$/, 'a page category')))
      .check(
        z.minLength(1),
        z.maxLength(10),
        z.describe(
          'The page categories it is shown on (1-10), e.g. deposit_form, withdrawal_form, deposit_home.',
        ),
      ),
    pay_group_id: z
      .nullable(PayGroupId)
      .check(
        z.describe(
          "On the method forms, only that pay group's (one of the brand); null: every pay group's.",
        ),
      ),
    player_external_id: z
      .nullable(PlayerBonusParams.shape.externalId)
      .check(
        z.describe(
          "Only for that player (the brand's id of them); null: every player of the brand.",
        ),
      ),
    message: z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(2000),
        z.describe('The text shown (1-2000 characters, plain text).'),
      ),
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
  allowed_host_origins: z
    .array(HostOrigin)
    .check(
      z.maxLength(50),
      z.describe(
        "The origins of the pages allowed to frame the brand's cashier (frame-ancestors) and to receive its messages: plain http(s) origins such as https://www.brand.example, at most 50.",
      ),
    ),
  merchant_url: z
    .nullable(UrlOrPath)
    .check(
      z.describe(
        "SPEC §3 merchant_url: the brand's page the cashier leads back to (the into-game button); null: none.",
      ),
    ),
  merchant_success_url: z
    .nullable(UrlOrPath)
    .check(
      z.describe('Where the success result page leads after a successful payment; null: none.'),
    ),
  merchant_fail_url: z
    .nullable(UrlOrPath)
    .check(z.describe('Where the error result page leads after a failed payment; null: none.')),
  merchant_processing_url: z
    .nullable(UrlOrPath)
    .check(
      z.describe(
        'Where the processing result page leads while a payment is processed; null: none.',
      ),
    ),
  merchant_redirect_type: z
    .enum(MERCHANT_REDIRECT_TYPES)
    .check(
      z.describe(
        'How the merchant URLs are opened (SPEC §2): self (the cashier frame), blank (a new window), top (the whole page) or parent (the frame around the cashier).',
      ),
    ),
  success_page_redirect_timeout: z
    .number()
    .check(
      z.int(),
      z.gte(0),
      z.lte(3600),
      z.describe(
        'Seconds the success page waits before leading to merchant_success_url (SPEC default 30); 0: it does not lead on by itself.',
      ),
    ),
  processing_page_redirect_timeout: z
    .number()
    .check(
      z.int(),
      z.gte(0),
      z.lte(3600),
      z.describe(
        'Seconds the processing page waits before leading to merchant_processing_url; 0: it does not lead on by itself.',
      ),
    ),
  currency_display_setting_id: z
    .number()
    .check(
      z.int(),
      z.gte(1),
      z.lte(4),
      z.describe(
        'How amounts are written (SPEC §3): 1 digits then code (10.00 EUR), 2 code then digits (EUR 10.00), 3 digits then symbol (10.00 €), 4 symbol then digits (€10.00).',
      ),
    ),
  bonus_in_amount_block: z
    .boolean()
    .check(
      z.describe(
        'Shows on each amount button of the deposit method page the bonus that amount earns (SPEC §3).',
      ),
    ),
  country_filtering_enabled: z
    .boolean()
    .check(
      z.describe(
        "SPEC §3 cashier_settings.country_filtering_enabled: offers players only the pay groups of their country (the player's country).",
      ),
    ),
  cashier_features: z
    .array(z.string().check(z.regex(/^[a-z][a-z0-9_]{0,63}$/, 'a feature name')))
    .check(
      z.maxLength(50),
      z.describe(
        'SPEC §3 cashier_features: the feature names the init answer carries (at most 50; the widget keeps the billing-prefixed ones): billing_carousel shows the method carousel, billing_quick_suggestions the quick suggestions, billing_lost_profit the lost-profit group and ribbon; a feature not named is off, and other names change nothing.',
      ),
    ),
  wager_rule_enabled: z
    .boolean()
    .check(
      z.describe(
        'The withdrawal wager rule (SPEC §4): while a player still has to wager part of their balance, every withdrawal method is disabled and says how much is left.',
      ),
    ),
  support_url: z
    .nullable(Url)
    .check(
      z.describe(
        "The brand's support page, linked where a player needs help (the payout verification); null: none.",
      ),
    ),
  widget_settings: z.record(z.string().check(z.maxLength(64)), z.unknown()).check(
    z.describe(
      'Free-form settings the widget reads (keys of at most 64 characters): show_pci_dss_logo (true or false: the PCI DSS mark under the card forms, SPEC §3 showPCIDSSLogo) and logo_sizes ({ height: 16 to 96, width: 16 to 192 } whole pixels: the method logos, SPEC §3 logoSizes).',
    ),
    z.refine(
      (settings) => Object.keys(settings).every((key) => !key.startsWith('@')),
      'a widget setting name never starts with @ (kept for the server)',
    ),
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
