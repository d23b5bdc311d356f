/**
 * SPEC §3 lost_profit_merchant_bonus of a brand: the bonus tiers the operator configured for one
 * of its deposit pay groups (modules/brand-config/lost-profit.ts writes them), shown by init when
 * that pay group is listed.
 *
 * @packageDocumentation
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { lostProfitBonusTiers } from '../../db/schema';
import { optionalPlainDecimal } from '../../platform/money-text';

/** A brand's lost-profit bonus tiers as stored (SPEC §3 lost_profit_merchant_bonus). */
export async function lostProfitRows(db: Executor, brandId: string) {
  return db
    .select()
    .from(lostProfitBonusTiers)
    .where(eq(lostProfitBonusTiers.brandId, brandId))
    .orderBy(lostProfitBonusTiers.id);
}

/** SPEC §3 lost_profit_merchant_bonus of a brand, when its pay group is in the list. */
export function lostProfitOf(
  tiers: readonly (typeof lostProfitBonusTiers.$inferSelect)[],
  listedIds: ReadonlySet<number>,
) {
  const payGroupId = tiers.find((tier) => listedIds.has(tier.payGroupId))?.payGroupId;
  if (payGroupId === undefined) return null;
  return {
    pay_group: payGroupId,
    tiers: tiers
      .filter((tier) => tier.payGroupId === payGroupId)
      .map((tier) => ({
        from: optionalPlainDecimal(tier.from),
        to: optionalPlainDecimal(tier.to),
        percent_value: optionalPlainDecimal(tier.percentValue),
        absolute_value: optionalPlainDecimal(tier.absoluteValue),
      })),
  };
}
