/**
 * SPEC §3 tax of a brand and flow: its tiers as init shows them and a submit charges them, read
 * from the tiers the operator configured (modules/brand-config/tax-tiers.ts writes them).
 *
 * @packageDocumentation
 */
import { and, eq } from 'drizzle-orm';
import type { PaymentFlow } from '@cashdesk/domain';
import type { Executor } from '../../db/open';
import { taxTiers } from '../../db/schema';
import { plainDecimal } from '../../platform/money-text';

/** SPEC §3 tax tiers of a brand and flow. */
export async function loadTaxTiers(db: Executor, brandId: string, flow: PaymentFlow) {
  const rows = await db
    .select()
    .from(taxTiers)
    .where(and(eq(taxTiers.brandId, brandId), eq(taxTiers.flow, flow)))
    .orderBy(taxTiers.from, taxTiers.id);
  return rows.map((tier) => ({
    from: plainDecimal(tier.from),
    ...(tier.to === null ? {} : { to: plainDecimal(tier.to) }),
    percent_value: plainDecimal(tier.percentValue),
    absolute_value: plainDecimal(tier.absoluteValue),
  }));
}
