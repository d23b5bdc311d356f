/**
 * The routing screen's form: the brand's routing rules as typed (lists as text, amounts and
 * weights as typed, "any" for a condition left out), the whole list PUT /routing-rules takes,
 * the body fields a refusal may name, and the dry run's request for the rules as edited. The
 * server checks every value (connectors configured, weights, ranges in order, amounts with a
 * currency) and refuses a bad one naming its field; nothing here second-guesses it: a value the
 * form cannot read is sent as it is (or as null) for the server to name.
 */
import { METHOD_KINDS, weightShares } from '@cashdesk/contract/values';
import type { DryRunRequest, RoutingRuleDraft, RoutingRules } from '../../api/configuration';

type Conditions = RoutingRuleDraft['when'];
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A method kind a rule may take (the contract's METHOD_KINDS). */
export type MethodKind = (typeof METHOD_KINDS)[number];

/** A card type a rule may take (the contract's, SPEC §5). */
export type CardType = NonNullable<Conditions['card_types']>[number];

/**
 * The card types' names as people know them: one for every type the contract takes (the
 * compiler holds the list complete).
 */
const CARD_TYPE_NAMES: Readonly<Record<CardType, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  'american-express': 'American Express',
  'diners-club': 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
  elo: 'Elo',
  mir: 'Mir',
  hiper: 'Hiper',
  hipercard: 'Hipercard',
  'visa-like': 'Visa-like',
  'local-8': 'Local 8',
  'local-9': 'Local 9',
  'local-6': 'Local 6',
};

const isCardType = (id: string): id is CardType => id in CARD_TYPE_NAMES;

/** The card types a rule may name, each with its name. */
export const CARD_TYPES: readonly { readonly id: CardType; readonly label: string }[] =
  Object.entries(CARD_TYPE_NAMES).flatMap(([id, label]) => (isCardType(id) ? [{ id, label }] : []));

/** A yes/no condition: left out (any), true or false. */
export type Either = 'any' | 'yes' | 'no';

/** The flow condition: left out (any) or one flow. */
export type FlowChoice = 'any' | 'deposit' | 'withdrawal';

/** One connector of a rule as typed. */
export interface TargetForm {
  readonly connector: string;
  /** A whole number 0 to 100, as typed. */
  readonly weight: string;
}

/** One rule as typed. */
export interface RuleForm {
  /** The rule's identity on the screen (it moves; its place is no identity): never sent. */
  readonly key: number;
  readonly name: string;
  readonly enabled: boolean;
  readonly flow: FlowChoice;
  readonly method_kinds: readonly MethodKind[];
  readonly pay_groups: readonly string[];
  /** ISO 4217 codes separated by commas or spaces. */
  readonly currencies: string;
  /** ISO 3166-1 alpha-2 codes separated by commas or spaces. */
  readonly countries: string;
  readonly amount_from: string;
  readonly amount_to: string;
  readonly card_types: readonly CardType[];
  /** One range a line, `from-to` (or one BIN, both bounds). */
  readonly bin_ranges: string;
  readonly first_deposit: Either;
  readonly verified: Either;
  readonly connectors: readonly TargetForm[];
  readonly cascade: boolean;
}

/** The rules as typed, in priority order. */
export interface RoutingForm {
  readonly rules: readonly RuleForm[];
  /** The key the next new rule takes. */
  readonly nextKey: number;
}

/** The codes of a list typed with commas or spaces, upper-cased. */
export function codesOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '');
}

/** The lines of a text area that hold something, trimmed. */
function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * The BIN ranges typed one a line: `400000-499999` (spaces around the dash allowed), or one BIN
 * for both bounds. A line that is neither is sent as both bounds for the server to refuse it.
 */
export function binRangesOf(text: string): { from: string; to: string }[] {
  return linesOf(text).map((line) => {
    const range = /^(\S+)\s*[-–]\s*(\S+)$/.exec(line);
    if (range === null) return { from: line, to: line };
    return { from: range[1] ?? '', to: range[2] ?? '' };
  });
}

/** A rule's BIN ranges as the form shows them. */
function binRangesText(ranges: Conditions['bin_ranges']): string {
  return (ranges ?? []).map((range) => `${range.from}-${range.to}`).join('\n');
}

const eitherOf = (value: boolean | undefined): Either =>
  value === undefined ? 'any' : value ? 'yes' : 'no';

/**
 * A weight as typed: a whole number, else NaN, which the request carries as null for the server
 * to refuse naming the field (an empty weight is not 0).
 */
const weightOf = (text: string): number => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);

function ruleFormOf(rule: RoutingRuleDraft, key: number): RuleForm {
  const { when } = rule;
  return {
    key,
    name: rule.name,
    enabled: rule.enabled,
    flow: when.flow ?? 'any',
    method_kinds: when.method_kinds ?? [],
    pay_groups: when.pay_groups ?? [],
    currencies: (when.currencies ?? []).join(', '),
    countries: (when.countries ?? []).join(', '),
    amount_from: when.amount_from ?? '',
    amount_to: when.amount_to ?? '',
    card_types: when.card_types ?? [],
    bin_ranges: binRangesText(when.bin_ranges),
    first_deposit: eitherOf(when.first_deposit),
    verified: eitherOf(when.verified),
    connectors: rule.connectors.map((target) => ({
      connector: target.connector,
      weight: String(target.weight),
    })),
    cascade: rule.cascade,
  };
}

/** The saved rules as the form shows them. */
export function formOf(document: RoutingRules): RoutingForm {
  return {
    rules: document.rules.map((rule, index) => ruleFormOf(rule, index)),
    nextKey: document.rules.length,
  };
}

/** The conditions of a rule as typed: a condition left empty (or "any") is left out. */
function conditionsOf(rule: RuleForm): Conditions {
  const when: Mutable<Conditions> = {};
  if (rule.flow !== 'any') when.flow = rule.flow;
  if (rule.method_kinds.length > 0) {
    // In the contract's order, whatever order they were ticked in.
    when.method_kinds = METHOD_KINDS.filter((kind) => rule.method_kinds.includes(kind));
  }
  if (rule.pay_groups.length > 0) when.pay_groups = [...rule.pay_groups];
  const currencies = codesOf(rule.currencies);
  if (currencies.length > 0) when.currencies = currencies;
  const countries = codesOf(rule.countries);
  if (countries.length > 0) when.countries = countries;
  const from = rule.amount_from.trim();
  if (from !== '') when.amount_from = from;
  const to = rule.amount_to.trim();
  if (to !== '') when.amount_to = to;
  if (rule.card_types.length > 0) {
    when.card_types = CARD_TYPES.map((type) => type.id).filter((id) =>
      rule.card_types.includes(id),
    );
  }
  const ranges = binRangesOf(rule.bin_ranges);
  if (ranges.length > 0) when.bin_ranges = ranges;
  if (rule.first_deposit !== 'any') when.first_deposit = rule.first_deposit === 'yes';
  if (rule.verified !== 'any') when.verified = rule.verified === 'yes';
  return when;
}

/** The whole list as PUT /routing-rules takes it (and the dry run as a draft). */
export function documentOf(form: RoutingForm): RoutingRules {
  return {
    rules: form.rules.map((rule) => ({
      name: rule.name.trim(),
      enabled: rule.enabled,
      when: conditionsOf(rule),
      connectors: rule.connectors.map((target) => ({
        connector: target.connector,
        weight: weightOf(target.weight),
      })),
      cascade: rule.cascade,
    })),
  };
}

/**
 * A new rule at the end: enabled, taking every payment until conditions are set, to the first
 * connector (the default) alone, without cascade.
 */
export function addRule(form: RoutingForm, name: string, connector: string): RoutingForm {
  const rule = ruleFormOf(
    { name, enabled: true, when: {}, connectors: [{ connector, weight: 100 }], cascade: false },
    form.nextKey,
  );
  return { rules: [...form.rules, rule], nextKey: form.nextKey + 1 };
}

/** The list with the item at `index` moved `by` places (-1 up, 1 down); unchanged at an end. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): readonly T[] {
  const to = index + by;
  const item = list[index];
  const other = list[to];
  if (item === undefined || other === undefined) return list;
  const next = [...list];
  next[index] = other;
  next[to] = item;
  return next;
}

/** The list without the item at `index`. */
export function without<T>(list: readonly T[], index: number): readonly T[] {
  return list.filter((_, at) => at !== index);
}

/** The form with the rule at `index` changed. */
export function withRule(
  form: RoutingForm,
  index: number,
  change: (rule: RuleForm) => RuleForm,
): RoutingForm {
  return { ...form, rules: form.rules.map((rule, at) => (at === index ? change(rule) : rule)) };
}

/**
 * The share of a rule's payments each connector is tried first for, in percent as the dry run
 * answers it (the contract's weightShares, the rule the server routes by); null for each when a
 * weight is not a whole number from 0 to 100 or every weight is 0 (the server refuses such a rule).
 */
export function sharesOf(targets: readonly TargetForm[]): readonly (string | null)[] {
  const shares = weightShares(targets.map((target) => weightOf(target.weight)));
  return targets.map((_, index) => shares?.[index] ?? null);
}

/** The body fields of the rules a refusal may name, each marked at its field on the screen. */
export function fieldsOf(form: RoutingForm): string[] {
  return form.rules.flatMap((rule, index) => {
    const at = `rules.${String(index)}`;
    return [
      `${at}.name`,
      ...[
        'flow',
        'method_kinds',
        'pay_groups',
        'currencies',
        'countries',
        'amount_from',
        'amount_to',
        'card_types',
        'bin_ranges',
        'first_deposit',
        'verified',
      ].map((condition) => `${at}.when.${condition}`),
      ...rule.connectors.flatMap((_, position) => [
        `${at}.connectors.${String(position)}.connector`,
        `${at}.connectors.${String(position)}.weight`,
      ]),
    ];
  });
}

/** The dry run's payment as typed. */
export interface ProbeForm {
  readonly flow: 'deposit' | 'withdrawal';
  /** The pay group's id, as its option's value (empty: none chosen). */
  readonly pay_group_id: string;
  readonly currency: string;
  readonly amount: string;
  /** Empty: the player has no country. */
  readonly country: string;
  /** Empty: no card. */
  readonly card_bin: string;
  readonly first_deposit: boolean;
  readonly verified: boolean;
}

/** A deposit of 50 EUR by a player without a country or a card: the dry run's first payment. */
export const PROBE_START: ProbeForm = {
  flow: 'deposit',
  pay_group_id: '',
  currency: 'EUR',
  amount: '50',
  country: '',
  card_bin: '',
  first_deposit: false,
  verified: false,
};

/**
 * The dry run's request: the payment as typed, routed through `draft` (the rules as edited, not
 * yet saved). An empty country or BIN is left out (none); a pay group not chosen is sent as 0 for
 * the server to refuse naming the field.
 */
export function dryRunRequestOf(probe: ProbeForm, draft: RoutingRules): DryRunRequest {
  const request: Mutable<DryRunRequest> = {
    flow: probe.flow,
    pay_group_id: /^\d+$/.test(probe.pay_group_id) ? Number(probe.pay_group_id) : 0,
    currency: probe.currency.trim().toUpperCase(),
    amount: probe.amount.trim(),
    first_deposit: probe.first_deposit,
    verified: probe.verified,
    rules: draft.rules,
  };
  const country = probe.country.trim().toUpperCase();
  if (country !== '') request.country = country;
  const bin = probe.card_bin.replace(/\s/g, '');
  if (bin !== '') request.card_bin = bin;
  return request;
}
