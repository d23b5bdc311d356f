/**
 * A brand's routing rules as configuration: read, checked beyond their schema and replaced as one
 * list (in the configuration write that bumps the version and audits, brand-config's routes).
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { RoutingRule } from '@cashdesk/contract';
import type { RoutingRulesDocument } from '@cashdesk/contract';
import type { Executor } from '../../db/open';
import { brands } from '../../db/schema';
import { ApiError } from '../../http/api-error';

const StoredRules = z.array(RoutingRule);

/**
 * The rules as stored (checked when written); a value an earlier version wrote that no longer
 * reads as rules routes nothing, rather than failing every payment.
 */
export function storedRules(value: unknown): readonly RoutingRule[] {
  const parsed = z.safeParse(StoredRules, value);
  return parsed.success ? parsed.data : [];
}

/** The brand's routing rules. */
export async function getRoutingRules(
  db: Executor,
  brandId: string,
): Promise<RoutingRulesDocument> {
  const [row] = await db
    .select({ rules: brands.routingRules })
    .from(brands)
    .where(eq(brands.id, brandId));
  return { rules: [...storedRules(row?.rules ?? [])] };
}

function refuse(field: string, detail: string): never {
  throw new ApiError('invalidField', { field, detail });
}

/**
 * The rules' checks a schema cannot state, each refusing with the field at fault: every
 * connector configured and named once per rule, at least one with a weight above 0; amounts only
 * with a currency condition, from at most to; BIN ranges from at most to.
 */
export function assertRulesValid(
  rules: readonly RoutingRule[],
  configured: (connector: string) => boolean,
  field = 'body.rules',
): void {
  for (const [index, rule] of rules.entries()) {
    const at = `${field}.${String(index)}`;
    const seen = new Set<string>();
    for (const [position, target] of rule.connectors.entries()) {
      const here = `${at}.connectors.${String(position)}.connector`;
      if (!configured(target.connector)) {
        refuse(here, `connector ${target.connector} is not configured on the server`);
      }
      if (seen.has(target.connector)) refuse(here, 'a connector appears once in a rule');
      seen.add(target.connector);
    }
    if (rule.connectors.every((target) => target.weight === 0)) {
      refuse(`${at}.connectors.0.weight`, 'at least one connector needs a weight above 0');
    }
    const { when } = rule;
    if (
      (when.amount_from !== undefined || when.amount_to !== undefined) &&
      when.currencies === undefined
    ) {
      refuse(`${at}.when.currencies`, 'an amount condition needs the currencies it is in');
    }
    if (
      when.amount_from !== undefined &&
      when.amount_to !== undefined &&
      new Big(when.amount_from).gt(when.amount_to)
    ) {
      refuse(`${at}.when.amount_to`, 'amount_to must not be below amount_from');
    }
    for (const [position, range] of (when.bin_ranges ?? []).entries()) {
      const width = Math.max(range.from.length, range.to.length);
      if (range.from.padEnd(width, '0') > range.to.padEnd(width, '9')) {
        refuse(`${at}.when.bin_ranges.${String(position)}.to`, 'to must not be below from');
      }
    }
  }
}

/**
 * Replaces the brand's rules (in the caller's configuration write).
 *
 * @throws {ApiError} invalidField naming the rule's field (see {@link assertRulesValid}).
 */
export async function putRoutingRules(
  tx: Executor,
  brandId: string,
  document: RoutingRulesDocument,
  configured: (connector: string) => boolean,
): Promise<{
  readonly target: string;
  readonly before: RoutingRulesDocument;
  readonly after: RoutingRulesDocument;
}> {
  assertRulesValid(document.rules, configured);
  const before = await getRoutingRules(tx, brandId);
  await tx.update(brands).set({ routingRules: document.rules }).where(eq(brands.id, brandId));
  return { target: 'routing_rules', before, after: await getRoutingRules(tx, brandId) };
}
