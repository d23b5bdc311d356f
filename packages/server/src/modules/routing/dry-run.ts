/**
 * The dry run of the routing rules (POST /routing/dry-run): which rule takes a described payment
 * and the share of such payments each candidate is tried first for. Nothing is written.
 *
 * @packageDocumentation
 */
import { and, eq } from 'drizzle-orm';
import { detectCardType } from '@cashdesk/domain';
import type { RoutingDryRunAnswer, RoutingDryRunRequest } from '@cashdesk/contract';
import type { Executor } from '../../db/open';
import { brands, payGroups } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { ConnectorRegistry } from '../../providers/connectors';
import { assertRulesValid, storedRules } from './config';
import { firstShares, matchingRule } from './rules';

/**
 * Routes a described payment of brand `brandId` through its saved rules, or the draft the request
 * carries (checked as a write would check it).
 *
 * @throws {ApiError} operatorNotFound (1803, `body.pay_group_id`) for a pay group the brand does
 *   not have in the flow; invalidField for a draft a write would refuse.
 */
export async function dryRun(
  db: Executor,
  brandId: string,
  request: RoutingDryRunRequest,
  connectors: Pick<ConnectorRegistry, 'has' | 'resolve'>,
): Promise<RoutingDryRunAnswer> {
  const [group] = await db
    .select({
      shortName: payGroups.shortName,
      providerKind: payGroups.providerKind,
      connector: payGroups.connector,
    })
    .from(payGroups)
    .where(
      and(
        eq(payGroups.id, request.pay_group_id),
        eq(payGroups.brandId, brandId),
        eq(payGroups.flow, request.flow),
      ),
    );
  if (group === undefined) {
    throw new ApiError('operatorNotFound', { field: 'body.pay_group_id' });
  }
  let rules;
  if (request.rules === undefined) {
    const [brand] = await db
      .select({ rules: brands.routingRules })
      .from(brands)
      .where(eq(brands.id, brandId));
    rules = storedRules(brand?.rules ?? []);
  } else {
    assertRulesValid(request.rules, (name) => connectors.has(name), 'body.rules');
    rules = request.rules;
  }
  const bin = request.card_bin ?? null;
  const matched = await matchingRule(rules, {
    flow: request.flow,
    methodKind: group.providerKind,
    payGroup: group.shortName,
    currency: request.currency,
    amount: request.amount,
    country: request.country ?? null,
    bin,
    cardType: bin === null ? null : (detectCardType(bin)?.type ?? null),
    verified: request.verified ?? false,
    firstDeposit: () => Promise.resolve(request.first_deposit ?? false),
  });
  if (matched === null) {
    return {
      rule: null,
      candidates: [{ connector: connectors.resolve(group.connector), first_share: '100' }],
      cascade: false,
    };
  }
  const shares = firstShares(matched.rule);
  // In the rule's order: after the one drawn first, the others are tried in this order.
  const candidates = matched.rule.connectors.map((target) => ({
    connector: target.connector,
    first_share: shares.get(target.connector) ?? '0',
  }));
  return {
    rule: { index: matched.index, name: matched.rule.name },
    candidates,
    cascade: matched.rule.cascade,
  };
}
