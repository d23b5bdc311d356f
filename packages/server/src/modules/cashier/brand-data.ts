/**
 * The brand data in memory (docs/decisions/0036-brand-data-and-sessions-in-memory.md): what
 * init, select and submit read of a brand for one flow and currency, loaded in four statements
 * sent together and kept in the app's brand-data cache (brand-cache.ts) when the handle has one.
 *
 * @packageDocumentation
 */
import { eq } from 'drizzle-orm';
import type { PayGroup } from '@cashdesk/contract';
import { resolvePrecision } from '@cashdesk/domain';
import type { Executor } from '../../db/open';
import { brands, currencies } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { lostProfitOf, lostProfitRows } from './lost-profit';
import { payGroupRows, restrictionOf } from './pay-group-rows';
import type { BrandRow, PayGroupScope, SessionPayGroup } from './pay-group-rows';
import { loadTaxTiers } from './tax';
import { BrandCache } from '../../db/cache/brand-cache';
import type { LoadedBrandData } from '../../db/cache/brand-cache';
import { cacheHubOf } from '../../db/cache/cache-hub';
import type { CacheHub } from '../../db/cache/cache-hub';

/**
 * What init, select and submit read of a brand for one flow and currency, kept in memory
 * (db/cache/brand-cache.ts): the brand row, the currency's precision, the pay groups with
 * their row for the currency, the tax tiers, the lost-profit bonus, and the pay groups' wire
 * objects per language (all that the wire object of a pay group depends on but the player's last
 * used method and own limits, which are applied per call).
 */
export interface BrandData {
  readonly version: number;
  readonly brand: BrandRow;
  readonly precision: number;
  readonly groups: readonly SessionPayGroup[];
  readonly taxTiers: Awaited<ReturnType<typeof loadTaxTiers>>;
  readonly lostProfit: ReturnType<typeof lostProfitOf>;
  /** The wire objects by language, made on first use (restrictions as at that use: see below). */
  readonly wire: Map<string, readonly PayGroup[]>;
}

/**
 * Reads the brand data of a scope. Four statements, sent together (on PostgreSQL each on its own
 * pooled connection). `changesAt` is the earliest `restricted_until` still ahead at `now`: the
 * entry ends then, so every wire object made from it shows the restrictions as they stand.
 */
async function loadBrandData(
  db: Executor,
  scope: Pick<PayGroupScope, 'brandId' | 'flow' | 'currency'>,
  now: Date,
): Promise<LoadedBrandData<BrandData>> {
  const [[head], groups, taxTiersWire, lostProfitTiers] = await Promise.all([
    db
      .select({ brand: brands, precision: currencies.precision })
      .from(brands)
      .leftJoin(currencies, eq(currencies.alpha3, scope.currency))
      .where(eq(brands.id, scope.brandId)),
    payGroupRows(db, scope),
    loadTaxTiers(db, scope.brandId, scope.flow),
    scope.flow === 'deposit' ? lostProfitRows(db, scope.brandId) : Promise.resolve([]),
  ]);
  if (head === undefined) throw new ApiError('sessionExpired', { detail: 'brand vanished' });
  const listed = new Set(groups.map((entry) => entry.group.id));
  let changesAt: Date | null = null;
  for (const { group } of groups) {
    const until = restrictionOf(group, now);
    if (until !== null && (changesAt === null || until < changesAt)) changesAt = until;
  }
  return {
    version: head.brand.configVersion,
    changesAt,
    value: {
      version: head.brand.configVersion,
      brand: head.brand,
      precision: resolvePrecision(head.precision),
      groups,
      taxTiers: taxTiersWire,
      lostProfit: scope.flow === 'deposit' ? lostProfitOf(lostProfitTiers, listed) : null,
      wire: new Map(),
    },
  };
}

/** The brand-data caches by hub (one per app). */
const brandCaches = new WeakMap<CacheHub, BrandCache<BrandData>>();

/** The brand data of a scope from the app's cache (read when missing, stale or older). */
export async function cachedBrandData(
  hub: CacheHub,
  db: Executor,
  scope: Pick<PayGroupScope, 'brandId' | 'flow' | 'currency'>,
  now: Date,
  minVersion?: number,
): Promise<BrandData> {
  let cache = brandCaches.get(hub);
  if (cache === undefined) {
    cache = new BrandCache<BrandData>(hub);
    brandCaches.set(hub, cache);
  }
  const loaded = await cache.get(
    scope.brandId,
    `${scope.flow}\u0000${scope.currency}`,
    now,
    () => loadBrandData(db, scope, now),
    minVersion,
  );
  return loaded.value;
}

/** The brand data of a scope: from the cache when the handle has one, else read. */
export async function brandDataOf(
  db: Executor,
  scope: Pick<PayGroupScope, 'brandId' | 'flow' | 'currency'>,
  now: Date,
  minVersion?: number,
): Promise<BrandData> {
  const hub = cacheHubOf(db);
  if (hub === undefined) return (await loadBrandData(db, scope, now)).value;
  return cachedBrandData(hub, db, scope, now, minVersion);
}
