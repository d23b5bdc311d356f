/**
 * The operator API's keys. A brand's key is `cdk_<id>_<secret>`: `id` (12 characters)
 * finds the row, the secret is 32 random bytes in base64url; the server keeps only the SHA-256 of
 * the whole key and compares digests in constant time. The administrator key (OPERATOR_ADMIN_KEY)
 * is configuration, never stored.
 *
 * @packageDocumentation
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OPERATOR_SCOPES } from '@cashdesk/contract';
import type { ApiKeySummary, OperatorScopeName, StaffRole } from '@cashdesk/contract';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../db/open';
import { operatorApiKeys } from '../db/schema';

/** A staff member making an operator call from the back office (http/staff-session.ts). */
export interface StaffActor {
  readonly id: string;
  readonly role: StaffRole;
  /** Their brand; `null` for an administrator. */
  readonly brandId: string | null;
}

/**
 * Who is calling the operator API: the administrator key, or a brand's key. A staff member
 * under the back office's session is one of the two with `staff` set: an administrator (or a
 * brand's staff member on their own brand's API-key calls) as `admin`, otherwise as `brand` on
 * the brand they act on, with `keyId` `staff:<id>` (what the audit trail and a refund's
 * requester record) and every scope (their role's permission was checked instead).
 */
export type OperatorPrincipal =
  | { readonly kind: 'admin'; readonly staff?: StaffActor | undefined }
  | {
      readonly kind: 'brand';
      readonly brandId: string;
      readonly keyId: string;
      readonly scopes: ReadonlySet<OperatorScopeName>;
      readonly staff?: StaffActor | undefined;
    };

/** The prefix of every brand key (so a leaked key is recognisable, e.g. by secret scanners). */
export const API_KEY_PREFIX = 'cdk_';

const KEY_PATTERN = /^cdk_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/;
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** How stale `last_used_at` may get before a call writes it again. */
export const LAST_USED_RESOLUTION_MS = 60_000;

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Constant-time equality of two texts (by their digests, so lengths leak nothing either). */
export function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(sha256(a), sha256(b));
}

function newKeyId(): string {
  return Array.from({ length: 12 }, () => ID_ALPHABET.charAt(randomInt(ID_ALPHABET.length))).join(
    '',
  );
}

function scopesOf(stored: readonly string[]): OperatorScopeName[] {
  return OPERATOR_SCOPES.filter((scope) => stored.includes(scope));
}

type KeyRow = typeof operatorApiKeys.$inferSelect;

/** A key as the API answers it: never its hash. */
export function toApiKeySummary(row: KeyRow): ApiKeySummary {
  return {
    id: row.id,
    brand_id: row.brandId,
    label: row.label,
    scopes: scopesOf(row.scopes),
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** Mints a key of a brand; the whole key is returned this once. */
export async function mintApiKey(
  db: Executor,
  input: { readonly brandId: string; readonly label: string; readonly scopes: readonly string[] },
): Promise<{ readonly key: string; readonly summary: ApiKeySummary }> {
  const id = newKeyId();
  const key = `${API_KEY_PREFIX}${id}_${randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(operatorApiKeys)
    .values({
      id,
      brandId: input.brandId,
      label: input.label,
      keyHash: sha256(key).toString('hex'),
      scopes: scopesOf(input.scopes),
    })
    .returning();
  if (row === undefined) throw new Error('api key insert returned no row');
  return { key, summary: toApiKeySummary(row) };
}

/** The keys of a brand, newest first. */
export async function listApiKeys(db: Executor, brandId: string): Promise<ApiKeySummary[]> {
  const rows = await db
    .select()
    .from(operatorApiKeys)
    .where(eq(operatorApiKeys.brandId, brandId))
    .orderBy(desc(operatorApiKeys.createdAt), desc(operatorApiKeys.id));
  return rows.map(toApiKeySummary);
}

/** Revokes a key (a revoked one keeps its first revocation time); `null` when it is unknown. */
export async function revokeApiKey(
  db: Executor,
  brandId: string,
  keyId: string,
  now: Date,
): Promise<{ readonly before: ApiKeySummary; readonly after: ApiKeySummary } | null> {
  const where = and(eq(operatorApiKeys.brandId, brandId), eq(operatorApiKeys.id, keyId));
  const [current] = await db.select().from(operatorApiKeys).where(where).for('update');
  if (current === undefined) return null;
  if (current.revokedAt !== null) {
    const summary = toApiKeySummary(current);
    return { before: summary, after: summary };
  }
  const [revoked] = await db
    .update(operatorApiKeys)
    .set({ revokedAt: now })
    .where(where)
    .returning();
  if (revoked === undefined) return null;
  return { before: toApiKeySummary(current), after: toApiKeySummary(revoked) };
}

/** The bearer token of an Authorization header, or undefined. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Who a bearer token belongs to: the administrator (OPERATOR_ADMIN_KEY), an active brand key, or
 * nobody (`null`: unknown, malformed or revoked). A brand key's use is recorded at most once per
 * {@link LAST_USED_RESOLUTION_MS}.
 */
export async function authenticateOperator(
  db: Executor,
  token: string | undefined,
  options: { readonly adminKey: string | undefined; readonly now: Date },
): Promise<OperatorPrincipal | null> {
  if (token === undefined) return null;
  if (options.adminKey !== undefined && sameSecret(token, options.adminKey)) {
    return { kind: 'admin' };
  }
  const match = KEY_PATTERN.exec(token);
  const id = match?.[1];
  if (id === undefined) return null;
  const [row] = await db
    .select()
    .from(operatorApiKeys)
    .where(and(eq(operatorApiKeys.id, id), isNull(operatorApiKeys.revokedAt)));
  if (row === undefined) return null;
  const digest = sha256(token);
  const stored = Buffer.from(row.keyHash, 'hex');
  if (stored.length !== digest.length || !timingSafeEqual(stored, digest)) return null;
  const staleBefore = new Date(options.now.getTime() - LAST_USED_RESOLUTION_MS);
  await db
    .update(operatorApiKeys)
    .set({ lastUsedAt: options.now })
    .where(
      and(
        eq(operatorApiKeys.id, id),
        or(isNull(operatorApiKeys.lastUsedAt), lt(operatorApiKeys.lastUsedAt, staleBefore)),
      ),
    );
  return {
    kind: 'brand',
    brandId: row.brandId,
    keyId: row.id,
    scopes: new Set(scopesOf(row.scopes)),
  };
}
