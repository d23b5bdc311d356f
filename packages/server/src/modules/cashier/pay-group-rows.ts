/**
 * Pay groups as stored, and what a pay group's row says by itself: the rows of a brand, flow and
 * currency (each with its row for the currency and the currency), whether a pay group can be paid
 * with now (SPEC §4: enabled and not restricted) and its name in a language.
 *
 * @packageDocumentation
 */
import { and, desc, eq } from 'drizzle-orm';
import type { PaymentFlow } from '@cashdesk/domain';
import type { Executor } from '../../db/open';
import { brands, currencies, payGroupCurrencies, payGroups } from '../../db/schema';
import { ApiError } from '../../http/api-error';

/** A pay group row. */
export type PayGroupRow = typeof payGroups.$inferSelect;

/** A pay group's row for one currency. */
export type PayGroupCurrencyRow = typeof payGroupCurrencies.$inferSelect;

/** A currency row. */
export type CurrencyRow = typeof currencies.$inferSelect;

/** A brand row. */
export type BrandRow = typeof brands.$inferSelect;

/** A pay group as one session sees it: the group, its row for the currency and the currency. */
export interface SessionPayGroup {
  readonly group: PayGroupRow;
  readonly limits: PayGroupCurrencyRow;
  readonly currency: CurrencyRow;
}

/** What picks the pay groups of a session. */
export interface PayGroupScope {
  readonly brandId: string;
  readonly flow: PaymentFlow;
  readonly currency: string;
  /**
   * The player the pay groups are shown to; their own limits (set by the operator)
   * narrow each pay group's (modules/operator/player-rules.ts). Absent: the pay groups' own.
   */
  readonly playerId?: string | undefined;
}

/** The pay groups of a brand, flow and currency as stored, by arrangement (highest first, SPEC §4). */
export async function payGroupRows(
  db: Executor,
  scope: Pick<PayGroupScope, 'brandId' | 'flow' | 'currency'>,
): Promise<SessionPayGroup[]> {
  return db
    .select({ group: payGroups, limits: payGroupCurrencies, currency: currencies })
    .from(payGroups)
    .innerJoin(
      payGroupCurrencies,
      and(
        eq(payGroupCurrencies.payGroupId, payGroups.id),
        eq(payGroupCurrencies.currency, scope.currency),
      ),
    )
    .innerJoin(currencies, eq(currencies.alpha3, payGroupCurrencies.currency))
    .where(and(eq(payGroups.brandId, scope.brandId), eq(payGroups.flow, scope.flow)))
    .orderBy(desc(payGroups.arrangement), payGroups.id);
}

/**
 * One pay group of a brand, flow and currency as stored (none: another's, or no such), with
 * whether its brand filters pay groups by country (SPEC §3 country_filtering_enabled).
 */
export async function payGroupRow(
  db: Executor,
  scope: PayGroupScope,
  id: number,
): Promise<(SessionPayGroup & { readonly countryFiltering: boolean })[]> {
  return db
    .select({
      group: payGroups,
      limits: payGroupCurrencies,
      currency: currencies,
      countryFiltering: brands.countryFilteringEnabled,
    })
    .from(payGroups)
    .innerJoin(brands, eq(brands.id, payGroups.brandId))
    .innerJoin(
      payGroupCurrencies,
      and(
        eq(payGroupCurrencies.payGroupId, payGroups.id),
        eq(payGroupCurrencies.currency, scope.currency),
      ),
    )
    .innerJoin(currencies, eq(currencies.alpha3, payGroupCurrencies.currency))
    .where(
      and(
        eq(payGroups.id, id),
        eq(payGroups.brandId, scope.brandId),
        eq(payGroups.flow, scope.flow),
      ),
    );
}

/** The restriction of a pay group at `now`: its end while in the future, else null. */
export function restrictionOf(group: PayGroupRow, now: Date): Date | null {
  return group.restrictedUntil !== null && group.restrictedUntil > now
    ? group.restrictedUntil
    : null;
}

/**
 * SPEC §4: whether a pay group can be paid with now (enabled and not restricted).
 *
 * @throws {ApiError} methodUnavailable (409) when it cannot.
 */
export function assertAvailable(group: PayGroupRow, now: Date, field = 'params.payGroupId'): void {
  if (!group.enabled || restrictionOf(group, now) !== null) {
    throw new ApiError('methodUnavailable', {
      field,
      detail: `pay group ${String(group.id)} is ${group.enabled ? 'restricted' : 'disabled'}`,
    });
  }
}

/** The pay group's name in the session's `language`, else the default `public_name`. */
export function localizedName(
  group: Pick<PayGroupRow, 'publicName' | 'publicNames'>,
  language: string,
): string {
  return group.publicNames[language] ?? group.publicName;
}
