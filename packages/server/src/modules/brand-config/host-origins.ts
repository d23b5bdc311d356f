/**
 * Which sites may frame a brand's widget: the brand's `allowed_host_origins`, written here (a
 * configuration write) and read per session by http/sessions.ts `sessionHostOrigins`.
 *
 * @packageDocumentation
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { brands } from '../../db/schema';
import { sortHostOrigins } from '../../http/host-origin';
import { bumpConfigVersion } from './version';

/**
 * Sets the origins allowed to frame a brand's widget (the brand's `allowed_host_origins`), each
 * checked and normalised as {@link sortHostOrigins} does.
 *
 * @throws {TypeError} naming an entry that is not a plain http(s) origin (nothing is written).
 */
export async function setBrandHostOrigins(
  db: Executor,
  brandId: string,
  origins: readonly string[],
): Promise<readonly string[]> {
  const { origins: checked, refused } = sortHostOrigins(origins);
  const [first] = refused;
  if (first !== undefined) throw new TypeError(`not an http(s) origin: ${first}`);
  // A configuration write like any other: the version bumped, the caches told.
  await db.transaction(async (tx) => {
    await bumpConfigVersion(tx, brandId);
    await tx
      .update(brands)
      .set({ allowedHostOrigins: [...checked] })
      .where(eq(brands.id, brandId));
  });
  return checked;
}
