/**
 * A brand as the operator API answers it, and the lookup every brand-scoped call starts
 * with.
 *
 * @packageDocumentation
 */
import type { BrandSummary } from '@cashdesk/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { brands } from '../../db/schema';
import { ApiError } from '../../http/api-error';

/** A brand row. */
export type BrandRow = typeof brands.$inferSelect;

/** The wire summary of a brand. */
export function toBrandSummary(row: BrandRow): BrandSummary {
  return {
    id: row.id,
    name: row.name,
    config_version: row.configVersion,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The brand, or 404 (1803) naming `field`. A preview brand (preview.ts) is found only by the
 * configuration writers that apply a draft to it (`previews: true`): to every caller it does not
 * exist.
 *
 * @throws {ApiError} operatorNotFound
 */
export async function requireBrand(
  db: Executor,
  brandId: string,
  field = 'params.brandId',
  options: { readonly previews?: boolean } = {},
): Promise<BrandRow> {
  const [row] = await db.select().from(brands).where(eq(brands.id, brandId));
  if (row === undefined || (row.previewOf !== null && options.previews !== true)) {
    throw new ApiError('operatorNotFound', { field });
  }
  return row;
}
