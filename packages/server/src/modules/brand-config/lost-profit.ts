/**
 * The brand's lost-profit bonus (SPEC §3 lost_profit_merchant_bonus): one deposit pay
 * group of the brand and its tiers, replaced whole or removed.
 *
 * @packageDocumentation
 */
import type { LostProfitBonusDocument } from '@cashdesk/contract';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { lostProfitBonusTiers } from '../../db/schema';
import { assertBrandPayGroups, assertTiersOrdered, plain } from './checks';
import type { ConfigChange } from './pay-groups';

/** The brand's lost-profit bonus, `null` when it has none. */
export async function getLostProfitBonus(
  db: Executor,
  brandId: string,
): Promise<LostProfitBonusDocument | null> {
  const rows = await db
    .select()
    .from(lostProfitBonusTiers)
    .where(eq(lostProfitBonusTiers.brandId, brandId))
    .orderBy(asc(lostProfitBonusTiers.id));
  const first = rows[0];
  if (first === undefined) return null;
  return {
    pay_group_id: first.payGroupId,
    tiers: rows.map((row) => ({
      from: plain(row.from),
      to: plain(row.to),
      percent_value: plain(row.percentValue),
      absolute_value: plain(row.absoluteValue),
    })),
  };
}

/**
 * Sets the lost-profit bonus (`null`: removes it).
 *
 * @throws {ApiError} operatorNotFound (`body.pay_group_id`) for a pay group that is not a deposit
 *   pay group of the brand; invalidField for tiers out of order.
 */
export async function putLostProfitBonus(
  tx: Executor,
  brandId: string,
  document: LostProfitBonusDocument | null,
): Promise<ConfigChange<LostProfitBonusDocument>> {
  if (document !== null) {
    assertTiersOrdered(document.tiers, 'body.tiers');
    await assertBrandPayGroups(
      tx,
      brandId,
      [document.pay_group_id],
      () => 'body.pay_group_id',
      'deposit',
    );
  }
  const before = await getLostProfitBonus(tx, brandId);
  await tx.delete(lostProfitBonusTiers).where(eq(lostProfitBonusTiers.brandId, brandId));
  if (document !== null) {
    await tx.insert(lostProfitBonusTiers).values(
      document.tiers.map((tier) => ({
        brandId,
        payGroupId: document.pay_group_id,
        from: tier.from,
        to: tier.to,
        percentValue: tier.percent_value,
        absoluteValue: tier.absolute_value,
      })),
    );
  }
  return { target: 'lost_profit_bonus', before, after: await getLostProfitBonus(tx, brandId) };
}
