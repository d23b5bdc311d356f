/**
 * A brand's tax tiers per flow (SPEC §3, §5), replaced as a list: ordered, not
 * overlapping, only the last open-ended (the tax rule reads each tier as (from, to]).
 *
 * @packageDocumentation
 */
import type { TaxTiersDocument } from '@cashdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { taxTiers } from '../../db/schema';
import { assertTiersOrdered, plain } from './checks';
import type { ConfigChange } from './pay-groups';

type Flow = 'deposit' | 'withdrawal';

/** The tiers of both flows. */
export interface TaxTiersByFlow {
  readonly deposit: TaxTiersDocument['tiers'];
  readonly withdrawal: TaxTiersDocument['tiers'];
}

async function tiersOf(
  db: Executor,
  brandId: string,
  flow: Flow,
): Promise<TaxTiersDocument['tiers']> {
  const rows = await db
    .select()
    .from(taxTiers)
    .where(and(eq(taxTiers.brandId, brandId), eq(taxTiers.flow, flow)))
    .orderBy(asc(taxTiers.from), asc(taxTiers.id));
  return rows.map((row) => ({
    from: plain(row.from) ?? '0',
    to: plain(row.to),
    percent_value: plain(row.percentValue) ?? '0',
    absolute_value: plain(row.absoluteValue) ?? '0',
  }));
}

/** The brand's tax tiers of both flows. */
export async function getTaxTiers(db: Executor, brandId: string): Promise<TaxTiersByFlow> {
  return {
    deposit: await tiersOf(db, brandId, 'deposit'),
    withdrawal: await tiersOf(db, brandId, 'withdrawal'),
  };
}

/**
 * Replaces the flow's tiers.
 *
 * @throws {ApiError} invalidField (`body.tiers.N.from|to`) for tiers out of order or overlapping.
 */
export async function putTaxTiers(
  tx: Executor,
  brandId: string,
  flow: Flow,
  document: TaxTiersDocument,
): Promise<ConfigChange<TaxTiersByFlow> & { readonly after: TaxTiersByFlow }> {
  assertTiersOrdered(document.tiers, 'body.tiers');
  const before = await getTaxTiers(tx, brandId);
  await tx.delete(taxTiers).where(and(eq(taxTiers.brandId, brandId), eq(taxTiers.flow, flow)));
  if (document.tiers.length > 0) {
    await tx.insert(taxTiers).values(
      document.tiers.map((tier) => ({
        brandId,
        flow,
        from: tier.from,
        to: tier.to,
        percentValue: tier.percent_value,
        absoluteValue: tier.absolute_value,
      })),
    );
  }
  return { target: `tax_tiers:${flow}`, before, after: await getTaxTiers(tx, brandId) };
}
