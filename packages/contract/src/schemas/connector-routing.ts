/**
 * A brand's connector routing (tag operator-routing): the rules that choose, for each new payment,
 * the connectors it may go to and in which order, and the dry run that answers which connector
 * would take a payment. The rules are configuration like the rest: replaced as one list with
 * If-Match, validated, versioned and audited.
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { CARD_TYPE_IDS } from '@cashdesk/domain';
import { METHOD_KINDS } from '../values';
import { Currency, DateTime, Decimal } from './common';
import { PaymentFlowSchema } from './sandbox';

/** A connector's name as the server's CONNECTORS configuration spells it. */
const ConnectorName = z
  .string()
  .check(
    z.regex(/^[a-z][a-z0-9-]{0,31}$/, 'a connector name'),
    z.describe("A connector configured on the server (CONNECTORS, or the default one's name)."),
  );

/** ISO 3166-1 alpha-2. */
const CountryCode = z.string().check(z.regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2, e.g. GB'));

/** The first six to eight digits of a card number. */
const BinDigits = z
  .string()
  .check(
    z.regex(/^[0-9]{6,8}$/, 'six to eight digits'),
    z.describe('The first six to eight digits of a card number (its BIN).'),
  );

/** A pay group's short name. */
const PayGroupName = z
  .string()
  .check(z.minLength(1), z.maxLength(64), z.describe("A pay group's short name, e.g. card."));

/** What a payment must be for a rule to take it; a condition left out matches every payment. */
export const RoutingConditions = z
  .object({
    flow: z.optional(PaymentFlowSchema),
    method_kinds: z.optional(
      z
        .array(z.enum(METHOD_KINDS))
        .check(
          z.minLength(1),
          z.maxLength(METHOD_KINDS.length),
          z.describe("The pay group's method kinds taken (card, mobile, …)."),
        ),
    ),
    pay_groups: z.optional(
      z
        .array(PayGroupName)
        .check(z.minLength(1), z.maxLength(50), z.describe('The pay groups taken, by short name.')),
    ),
    currencies: z.optional(
      z
        .array(Currency)
        .check(
          z.minLength(1),
          z.maxLength(50),
          z.describe("The payment's currencies taken (ISO 4217)."),
        ),
    ),
    countries: z.optional(
      z
        .array(CountryCode)
        .check(
          z.minLength(1),
          z.maxLength(250),
          z.describe("The player's country (their profile's); a player without one never matches."),
        ),
    ),
    amount_from: z.optional(Decimal).check(z.describe('The smallest amount taken (included).')),
    amount_to: z.optional(Decimal).check(z.describe('The largest amount taken (included).')),
    card_types: z.optional(
      z
        .array(z.enum(CARD_TYPE_IDS))
        .check(
          z.minLength(1),
          z.maxLength(CARD_TYPE_IDS.length),
          z.describe(
            'The card brand detected from the number (visa, mastercard, …); a payment without a card never matches.',
          ),
        ),
    ),
    bin_ranges: z.optional(
      z
        .array(z.object({ from: BinDigits, to: BinDigits }))
        .check(
          z.minLength(1),
          z.maxLength(50),
          z.describe(
            "Ranges of the card number's first digits, each from and to included, compared on as many digits as the bound has; a payment without a card never matches.",
          ),
        ),
    ),
    first_deposit: z.optional(
      z
        .boolean()
        .check(
          z.describe('true: only a player with no succeeded deposit yet; false: only the others.'),
        ),
    ),
    verified: z.optional(
      z
        .boolean()
        .check(z.describe("true: only verified players (the profile's verification status).")),
    ),
  })
  .check(
    z.meta({
      id: 'RoutingConditions',
      description:
        'What a payment must be for the rule to take it: every condition given must hold; one left out holds for every payment.',
    }),
  );
/** The type of {@link RoutingConditions}. */
export type RoutingConditions = z.infer<typeof RoutingConditions>;

/** One connector of a rule: its name and its share of the payments it is tried first for. */
export const RoutingTarget = z
  .object({
    connector: ConnectorName,
    weight: z
      .number()
      .check(
        z.int(),
        z.gte(0),
        z.lte(100),
        z.describe(
          'Its share of the payments it is tried first for, against the weights of the others of the rule (70 and 30 split 70 %/30 %); 0: never first, only a fallback.',
        ),
      ),
  })
  .check(z.meta({ id: 'RoutingTarget' }));

/** One rule: its conditions, its connectors and whether a soft decline cascades. */
export const RoutingRule = z
  .object({
    name: z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(100),
        z.describe('A name for people (the audit trail, the dry run and the payment show it).'),
      ),
    enabled: z.boolean().check(z.describe('false: the rule is kept but takes no payment.')),
    when: RoutingConditions,
    connectors: z
      .array(RoutingTarget)
      .check(
        z.minLength(1),
        z.maxLength(5),
        z.describe(
          'The candidates: the first is drawn by weight, the others follow in this order as fallbacks. A connector appears once.',
        ),
      ),
    cascade: z
      .boolean()
      .check(
        z.describe(
          'A payment its first connector declines softly (a decline code the connector declares as such) or never receives is tried once on the next candidate, the player typing nothing again. Never after an unknown outcome.',
        ),
      ),
  })
  .check(
    z.meta({
      id: 'RoutingRule',
      description:
        "A routing rule: the first enabled rule (in the list's order) whose conditions a payment meets chooses its connectors.",
    }),
  );
/** The type of {@link RoutingRule}. */
export type RoutingRule = z.infer<typeof RoutingRule>;

/** PUT /routing-rules and its answer. */
export const RoutingRulesDocument = z
  .object({
    rules: z
      .array(RoutingRule)
      .check(
        z.maxLength(100),
        z.describe(
          "The rules in priority order (at most 100). A payment no rule takes goes to its pay group's connector.",
        ),
      ),
  })
  .check(
    z.meta({
      id: 'RoutingRulesDocument',
      description:
        "The brand's routing rules, replacing the list. Each connector must be configured on the server; a rule's amounts need a currency condition and from at most to; a bin range from at most to.",
    }),
  );
/** The type of {@link RoutingRulesDocument}. */
export type RoutingRulesDocument = z.infer<typeof RoutingRulesDocument>;

/** POST /routing/dry-run: a payment as the rules see it. */
export const RoutingDryRunRequest = z
  .object({
    flow: PaymentFlowSchema,
    pay_group_id: z
      .number()
      .check(z.int(), z.gte(1), z.describe("The pay group's id (of the brand, in the flow).")),
    currency: Currency,
    amount: Decimal,
    country: z
      .optional(z.nullable(CountryCode))
      .check(z.describe("The player's country; left out or null: none.")),
    card_bin: z
      .optional(BinDigits)
      .check(z.describe("The card's first six to eight digits; left out: no card.")),
    first_deposit: z
      .optional(z.boolean())
      .check(z.describe('Whether the player has no succeeded deposit yet (default false).')),
    verified: z
      .optional(z.boolean())
      .check(z.describe('Whether the player is verified (default false).')),
    rules: z.optional(
      z
        .array(RoutingRule)
        .check(
          z.maxLength(100),
          z.describe('A draft of the rules to try instead of the saved ones (nothing is saved).'),
        ),
    ),
  })
  .check(
    z.meta({
      id: 'RoutingDryRunRequest',
      description:
        'A payment to route without paying: its flow, pay group, currency and amount, and what the conditions read of the player and the card (left out: an unknown country, no card, not a first deposit, not verified).',
    }),
  );
/** The type of {@link RoutingDryRunRequest}. */
export type RoutingDryRunRequest = z.infer<typeof RoutingDryRunRequest>;

/** The answer of POST /routing/dry-run. */
export const RoutingDryRunAnswer = z
  .object({
    rule: z.nullable(
      z.object({
        index: z.number().check(z.int()),
        name: z.string(),
      }),
    ),
    candidates: z.array(
      z.object({
        connector: z.string(),
        first_share: Decimal,
      }),
    ),
    cascade: z.boolean(),
  })
  .check(
    z.meta({
      id: 'RoutingDryRunAnswer',
      description:
        "Which rule takes the payment (null: none, so its pay group's connector) and its candidates in order with the share of such payments each is tried first for (first_share, percent); cascade: whether a soft decline moves on to the next.",
    }),
  );
/** The type of {@link RoutingDryRunAnswer}. */
export type RoutingDryRunAnswer = z.infer<typeof RoutingDryRunAnswer>;

/** GET /connectors: the connectors configured on the server, as routing rules may name them. */
export const ConnectorList = z
  .object({
    connectors: z.array(
      z.object({
        name: z.string(),
        default: z.boolean(),
        soft_decline_codes: z.array(z.string()),
        refunds: z.boolean(),
        webhooks: z.boolean(),
        health: z.object({
          state: z.enum(['healthy', 'open', 'probing']),
          calls: z.number(),
          failures: z.number(),
          window_start: z.nullable(DateTime),
          opened_at: z.nullable(DateTime),
        }),
      }),
    ),
  })
  .check(
    z.meta({
      id: 'ConnectorList',
      description:
        'The connectors configured on the server (the same for every brand), the default first: the decline codes after which a payment may cascade (soft_decline_codes), whether it refunds and takes webhooks, and its health as every process sees it: healthy; open (its recent calls failed past the threshold, so routing skips it where another candidate exists) since opened_at; probing (one payment is trying it again). calls and failures count the current window, which began at window_start.',
    }),
  );
/** The type of {@link ConnectorList}. */
export type ConnectorList = z.infer<typeof ConnectorList>;
