/**
 * The rules of a brand's configuration that a schema cannot state alone (limits in
 * order, tiers that do not overlap, references that must exist in the brand). Each refuses with
 * the request field at fault, so an operator sees `body.currencies.0.min_amount` rather than a
 * database error, and since every check runs inside the writing transaction a refusal writes
 * nothing.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { currencies, payGroups } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { plainDecimal } from '../../platform/money-text';

/** Refuses the request naming `field` (400, invalidField). */
export function invalid(field: string, detail: string): never {
  throw new ApiError('invalidField', { field, detail });
}

/** A tier of tax or of the lost-profit bonus: the part of an amount in (from, to]. */
export interface RangeTier {
  readonly from: string | null;
  readonly to: string | null;
}

/**
 * Tiers must be ordered by `from`, each `from` below its `to`, none starting below the end of the
 * one before, and only the last open-ended (`to` null).
 */
export function assertTiersOrdered(tiers: readonly RangeTier[], field: string): void {
  let previousTo: Big | null = new Big(0);
  for (const [index, tier] of tiers.entries()) {
    const from = new Big(tier.from ?? '0');
    if (previousTo === null) {
      return invalid(`${field}.${String(index - 1)}.to`, 'only the last tier may be open-ended');
    }
    if (from.lt(previousTo)) {
      invalid(`${field}.${String(index)}.from`, 'tiers must be ordered and must not overlap');
    }
    if (tier.to !== null && !new Big(tier.to).gt(from)) {
      invalid(`${field}.${String(index)}.to`, 'a tier must end above where it starts');
    }
    previousTo = tier.to === null ? null : new Big(tier.to);
  }
}

/**
 * The currencies of `codes` that are not defined: refused naming the first of them.
 *
 * @param fieldOf the request field of the code at an index
 */
export async function assertCurrenciesDefined(
  db: Executor,
  codes: readonly string[],
  fieldOf: (index: number) => string,
): Promise<void> {
  if (codes.length === 0) return;
  const rows = await db
    .select({ alpha3: currencies.alpha3 })
    .from(currencies)
    .where(inArray(currencies.alpha3, [...new Set(codes)]));
  const known = new Set(rows.map((row) => row.alpha3));
  const missing = codes.findIndex((code) => !known.has(code));
  if (missing >= 0) {
    invalid(
      fieldOf(missing),
      `currency ${String(codes[missing])} is not defined (PUT /currencies)`,
    );
  }
}

/**
 * The pay groups `ids` of the brand (and of `flow` when given); an id of another brand, of the
 * other flow or of nothing is 404 (1803) naming its field, so a key learns nothing of other
 * brands.
 */
export async function assertBrandPayGroups(
  db: Executor,
  brandId: string,
  ids: readonly number[],
  fieldOf: (index: number) => string,
  flow?: 'deposit' | 'withdrawal',
): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: payGroups.id })
    .from(payGroups)
    .where(
      and(
        eq(payGroups.brandId, brandId),
        inArray(payGroups.id, [...new Set(ids)]),
        flow === undefined ? undefined : eq(payGroups.flow, flow),
      ),
    );
  const known = new Set(rows.map((row) => row.id));
  const missing = ids.findIndex((id) => !known.has(id));
  if (missing >= 0) {
    throw new ApiError('operatorNotFound', {
      field: fieldOf(missing),
      detail: `pay group ${String(ids[missing])} is not a ${flow ?? ''} pay group of ${brandId}`,
    });
  }
}

/** A stored numeric as plain decimal text ('5.0000000000' → '5'), or null. */
export function plain(value: string | null): string | null {
  return value === null ? null : plainDecimal(value);
}
