/**
 * Connector routing rules (the contract's RoutingRule; docs/decisions/0110-connector-routing.md):
 * which connectors a new payment may go to, in which order, and whether a soft decline cascades.
 *
 * - The first enabled rule whose every condition holds takes the payment; none: the pay group's
 *   own connector, alone, without cascade.
 * - The first candidate is drawn among the rule's connectors by weight (weight 0: never first),
 *   with a number in [0, 1) derived from the transaction id, so the same payment always draws
 *   the same connector; the others follow in the rule's order.
 * - Amounts are compared exactly (big.js), bounds included; a BIN range compares as many of the
 *   card's first digits as the bound has.
 *
 * Pure: what a condition needs of the player or the card comes in {@link PaymentFacts}, the
 * first-deposit fact read only when a rule asks for it.
 *
 * @packageDocumentation
 */
import { createHash } from 'node:crypto';
import Big from 'big.js';
import { weightShares } from '@cashdesk/domain';
import type { RoutingConditions, RoutingRule } from '@cashdesk/contract';

/** What the rules read of a payment. */
export interface PaymentFacts {
  readonly flow: 'deposit' | 'withdrawal';
  readonly methodKind: string;
  /** The pay group's short name. */
  readonly payGroup: string;
  readonly currency: string;
  /** Decimal string. */
  readonly amount: string;
  /** ISO 3166-1 alpha-2, or null when the player has none. */
  readonly country: string | null;
  /** The card's first six to eight digits, when the payment has a card. */
  readonly bin: string | null;
  /** The card type detected from the number (domain CARD_TYPE id), when it has a card. */
  readonly cardType: string | null;
  readonly verified: boolean;
  /** Whether the player has no succeeded deposit yet (read only when a rule asks). */
  readonly firstDeposit: () => Promise<boolean>;
}

/** Where a payment goes: its candidates in order, and whether a soft decline cascades. */
export interface Route {
  /** The index and name of the rule that took it; null: no rule (the pay group's connector). */
  readonly rule: { readonly index: number; readonly name: string } | null;
  /** The connectors in the order they may be tried; the first is the payment's connector. */
  readonly candidates: readonly string[];
  readonly cascade: boolean;
}

/** Whether `amount` is within the optional bounds (both included). */
function withinAmount(amount: string, when: RoutingConditions): boolean {
  const value = new Big(amount);
  if (when.amount_from !== undefined && value.lt(when.amount_from)) return false;
  if (when.amount_to !== undefined && value.gt(when.amount_to)) return false;
  return true;
}

/** Whether a BIN lies in a range, each bound compared on as many digits as it has. */
function withinBin(bin: string, range: { readonly from: string; readonly to: string }): boolean {
  const from = bin.slice(0, range.from.length).padEnd(range.from.length, '0');
  const to = bin.slice(0, range.to.length).padEnd(range.to.length, '0');
  return from >= range.from && to <= range.to;
}

/** Whether a payment meets every condition given (one left out holds). */
export async function conditionsHold(
  when: RoutingConditions,
  facts: PaymentFacts,
): Promise<boolean> {
  if (when.flow !== undefined && when.flow !== facts.flow) return false;
  if (when.method_kinds !== undefined && !when.method_kinds.some((k) => k === facts.methodKind)) {
    return false;
  }
  if (when.pay_groups !== undefined && !when.pay_groups.includes(facts.payGroup)) return false;
  if (when.currencies !== undefined && !when.currencies.includes(facts.currency)) return false;
  if (when.countries !== undefined) {
    if (facts.country === null || !when.countries.includes(facts.country)) return false;
  }
  if (!withinAmount(facts.amount, when)) return false;
  if (when.card_types !== undefined) {
    if (facts.cardType === null || !when.card_types.some((type) => type === facts.cardType)) {
      return false;
    }
  }
  if (when.bin_ranges !== undefined) {
    const bin = facts.bin;
    if (bin === null || !when.bin_ranges.some((range) => withinBin(bin, range))) return false;
  }
  if (when.verified !== undefined && when.verified !== facts.verified) return false;
  if (when.first_deposit !== undefined && when.first_deposit !== (await facts.firstDeposit())) {
    return false;
  }
  return true;
}

/** A number in [0, 1) fixed by the transaction id: the same payment always draws the same. */
export function drawOf(transactionId: string): number {
  const digest = createHash('sha256').update(transactionId).digest();
  return digest.readUInt32BE(0) / 0x1_0000_0000;
}

/** The connector drawn first by weight for `draw` in [0, 1), or undefined when all weigh 0. */
function drawnFirst(rule: RoutingRule, draw: number): string | undefined {
  const total = rule.connectors.reduce((sum, target) => sum + target.weight, 0);
  if (total === 0) return undefined;
  let point = draw * total;
  for (const target of rule.connectors) {
    if (point < target.weight) return target.connector;
    point -= target.weight;
  }
  return rule.connectors.findLast((target) => target.weight > 0)?.connector;
}

/** The first enabled rule that takes the payment, with its index. */
export async function matchingRule(
  rules: readonly RoutingRule[],
  facts: PaymentFacts,
): Promise<{ readonly index: number; readonly rule: RoutingRule } | null> {
  for (const [index, rule] of rules.entries()) {
    if (rule.enabled && (await conditionsHold(rule.when, facts))) return { index, rule };
  }
  return null;
}

/**
 * Routes a payment (see the module comment): the rule that takes it, its candidates and its
 * cascade. `usable` says which connectors may take it now (configured, not skipped as unhealthy);
 * the pay group's connector is the answer when no rule takes it or none of its candidates is
 * usable.
 */
export async function routePayment(
  rules: readonly RoutingRule[],
  facts: PaymentFacts,
  payGroupConnector: string,
  draw: number,
  usable: (connector: string) => boolean = () => true,
): Promise<Route> {
  const matched = await matchingRule(rules, facts);
  if (matched === null) return { rule: null, candidates: [payGroupConnector], cascade: false };
  const { rule, index } = matched;
  const first = drawnFirst(rule, draw);
  const ordered = [
    ...(first === undefined ? [] : [first]),
    ...rule.connectors.map((target) => target.connector).filter((name) => name !== first),
  ];
  const candidates = ordered.filter(usable);
  if (candidates.length === 0) {
    return { rule: { index, name: rule.name }, candidates: [payGroupConnector], cascade: false };
  }
  return { rule: { index, name: rule.name }, candidates, cascade: rule.cascade };
}

/**
 * The share of a rule's payments each connector is tried first for, in percent as exact decimal
 * strings (the dry run's answer; the domain's weightShares, which the back office shows too).
 */
export function firstShares(rule: RoutingRule): ReadonlyMap<string, string> {
  const shares = weightShares(rule.connectors.map((target) => target.weight));
  return new Map(
    rule.connectors.map((target, index) => [target.connector, shares?.[index] ?? '0']),
  );
}
