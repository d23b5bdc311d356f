/**
 * The pay groups of a session: the scope a session and a flow pick them by (its brand, the flow
 * and its currency), the one a path names as the session sees it, and the player's own limits
 * that narrow each pay group's (modules/operator/player-rules.ts). A pay group of another brand,
 * the other flow or without the session's currency is as unknown as a missing one (404
 * unknownPayGroup); a request's currency other than the session's is refused (400 invalidField).
 * Disabled and restricted pay groups are found too: init lists them and their detail can be
 * selected, only a submit refuses them (pay-group-rows.ts assertAvailable).
 *
 * The rows themselves are pay-group-rows.ts's; the cashier's answers that list and show pay groups
 * are in cashier/, and what a submit reads in payments/payer.ts.
 *
 * @packageDocumentation
 */
import { isOfferedInCountry, narrowLimitsForPlayer } from '@cashdesk/domain';
import type { PaymentFlow, StoredLimits } from '@cashdesk/domain';
import type { Executor } from '../../db/open';
import { ApiError } from '../../http/api-error';
import { cachedBrandData } from './brand-data';
import { cacheHubOf } from '../../db/cache/cache-hub';
import { loadPlayerRules } from '../operator';
import { payGroupRow } from './pay-group-rows';
import type { PayGroupScope, SessionPayGroup } from './pay-group-rows';
import type { SessionContext } from '../../http/sessions';
import { rowIdOf } from '../../platform/row-id';

/** The entries with their limits narrowed by the player's own (`null`: none). */
export function narrowedFor(
  own: StoredLimits | null,
  entries: readonly SessionPayGroup[],
): SessionPayGroup[] {
  if (own === null) return [...entries];
  return entries.map((entry) => {
    const narrowed = narrowLimitsForPlayer(
      { min: entry.limits.minAmount, max: entry.limits.maxAmount },
      own,
    );
    return {
      ...entry,
      limits: { ...entry.limits, minAmount: narrowed.min, maxAmount: narrowed.max },
    };
  });
}

/**
 * A pay group id of a path (text of digits, at most PostgreSQL's integer).
 *
 * @throws {ApiError} unknownPayGroup (field `field`) for anything else.
 */
export function payGroupIdOf(payGroupId: string | number, field: string): number {
  const text = String(payGroupId);
  const id = rowIdOf(text);
  if (id === undefined) {
    throw new ApiError('unknownPayGroup', { field, detail: `pay group ${text}` });
  }
  return id;
}

/** The error of a pay group that is not the scope's: another brand's, flow's or currency's. */
export function unknownPayGroupError(
  scope: PayGroupScope,
  payGroupId: string | number,
  field: string,
): ApiError {
  return new ApiError('unknownPayGroup', {
    field,
    detail: `pay group ${String(payGroupId)} is not a ${scope.flow} method of ${scope.brandId} in ${scope.currency}`,
  });
}

/**
 * The pay group `payGroupId` (path text) as the session sees it.
 *
 * @throws {ApiError} unknownPayGroup (404, field `field`) when there is no such pay group of the
 *   session's brand and of `scope.flow` that accepts the currency: another brand's or the other
 *   flow's pay group is as unknown as a missing one.
 */
export async function findSessionPayGroup(
  db: Executor,
  scope: PayGroupScope,
  payGroupId: string | number,
  field = 'params.payGroupId',
): Promise<SessionPayGroup> {
  const id = payGroupIdOf(payGroupId, field);
  // From the brand data in memory, when the handle has a cache (not in a transaction).
  const hub = cacheHubOf(db);
  let row: SessionPayGroup | undefined;
  let countryFiltering: boolean;
  if (hub === undefined) {
    const [stored] = await payGroupRow(db, scope, id);
    row = stored;
    countryFiltering = stored?.countryFiltering ?? false;
  } else {
    const data = await cachedBrandData(hub, db, scope, hub.clock());
    row = data.groups.find((entry) => entry.group.id === id);
    countryFiltering = data.brand.countryFilteringEnabled;
  }
  if (row === undefined) throw unknownPayGroupError(scope, payGroupId, field);
  if (scope.playerId === undefined) return row;
  // The player's own limits narrow the pay group's (domain narrowLimitsForPlayer), so init,
  // select and the submit's amount check all hold the player to the narrower range.
  const player = await loadPlayerRules(db, scope.playerId, scope.flow, scope.currency);
  // SPEC §3: a pay group not offered in the player's country is as unknown as a missing one.
  if (!offeredTo(countryFiltering, player.country, row)) {
    throw unknownPayGroupError(scope, payGroupId, field);
  }
  const [seen] = narrowedFor(player.limits, [row]);
  return seen ?? row;
}

/**
 * SPEC §3 country filtering: whether `entry` is offered to a player of `country` by a brand whose
 * `country_filtering_enabled` is `filtering` (domain isOfferedInCountry).
 */
export function offeredTo(
  filtering: boolean,
  country: string | null,
  entry: SessionPayGroup,
): boolean {
  return isOfferedInCountry({
    filtering,
    countries: entry.group.countries,
    playerCountry: country,
  });
}

/**
 * The scope of a session for a flow. A request's currency must be the session's (balances,
 * limits and the ledger are per currency, and the session was opened for one).
 *
 * @throws {ApiError} invalidField (field `body.currency`) for another currency.
 */
export function sessionScope(
  session: SessionContext,
  flow: PaymentFlow,
  currency?: string,
): PayGroupScope {
  if (currency !== undefined && currency !== session.currency) {
    throw new ApiError('invalidField', {
      field: 'body.currency',
      detail: `currency ${currency} is not the session currency ${session.currency}`,
    });
  }
  return {
    brandId: session.brandId,
    flow,
    currency: session.currency,
    playerId: session.playerId,
  };
}
