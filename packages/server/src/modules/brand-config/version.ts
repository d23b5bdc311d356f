/**
 * The version of a brand's configuration. Every write of a brand's configuration
 * (operator API, seed) bumps `brands.config_version` in its own database transaction, under the
 * brand row's lock, so two writes are ordered and each gets its own version. A write that names
 * the version it read (the If-Match header) is refused when another came first.
 *
 * The bump is also what tells the brand-data caches of every process (db/cache/)
 * that the brand changed: a `NOTIFY` in the same transaction, delivered on commit. It is the one
 * place that does both, so a configuration write cannot change the version and forget the caches.
 *
 * @packageDocumentation
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { brands } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { announceChange } from '../../db/cache/announce';

/**
 * Bumps the brand's configuration version, announces the change to the caches (delivered on
 * commit) and returns the new version. Call it first in the transaction that writes the
 * configuration: it locks the brand row until the commit.
 *
 * @throws {ApiError} operatorNotFound for an unknown brand; operatorVersionConflict when
 * `expected` is given and the brand is at another version.
 */
export async function bumpConfigVersion(
  tx: Executor,
  brandId: string,
  expected?: number,
): Promise<number> {
  const [row] = await tx
    .select({ version: brands.configVersion })
    .from(brands)
    .where(eq(brands.id, brandId))
    .for('update');
  if (row === undefined) throw new ApiError('operatorNotFound', { detail: 'unknown brand' });
  if (expected !== undefined && expected !== row.version) {
    throw new ApiError('operatorVersionConflict', {
      field: 'headers.if-match',
      detail: `brand at version ${row.version}, request read ${expected}`,
    });
  }
  const [bumped] = await tx
    .update(brands)
    .set({ configVersion: sql`${brands.configVersion} + 1` })
    .where(eq(brands.id, brandId))
    .returning({ version: brands.configVersion });
  if (bumped === undefined) throw new ApiError('operatorNotFound', { detail: 'unknown brand' });
  await announceChange(tx, { kind: 'brand', id: brandId });
  return bumped.version;
}
