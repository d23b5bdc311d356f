/**
 * Which sites may frame a session's widget: the `allowed_host_origins` of the
 * session's brand. A session that has expired still names its brand (its widget page must still
 * show the session-expired screen inside the brand's site).
 *
 * @packageDocumentation
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { brands, sessions } from '../../db/schema';
import { sortHostOrigins } from '../../http/host-origin';
import { bumpConfigVersion } from './version';

/**
 * The host origins allowed for the brand of session `sessionId`, or `undefined` when there is no
 * such session. Entries of the column that are not plain http(s) origins are left out.
 */
export async function sessionHostOrigins(
  db: Executor,
  sessionId: string,
): Promise<readonly string[] | undefined> {
  const [row] = await db
    .select({ origins: brands.allowedHostOrigins })
    .from(sessions)
    .innerJoin(brands, eq(brands.id, sessions.brandId))
    .where(eq(sessions.id, sessionId));
  if (row === undefined) return undefined;
  const stored: readonly unknown[] = row.origins;
  return sortHostOrigins(stored.filter((entry) => typeof entry === 'string')).origins;
}

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
