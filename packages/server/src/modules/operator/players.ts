/**
 * The players of a brand as the operator API reads and writes them: the profile
 * (names, contacts, country, verification status), the player's own amount limits per flow and
 * currency, the block, and the balances per currency. Every write runs in the caller's database
 * transaction, so the route audits it with the change (before and after are
 * {@link OperatorPlayer}s).
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { and, desc, eq, gt, ilike, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { OperatorPlayer, PlayerLimit, PlayerUpdateRequest } from '@cashdesk/contract';
import type { Executor } from '../../db/open';
import { currencies, playerBalances, playerLimits, players, sessions } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { announceChange } from '../../db/cache/announce';
import { plainDecimal } from '../../platform/money-text';
import { afterPosition, decodeCursor, encodeCursor, microsecondText } from './keyset-cursor';

/** A player row. */
export type PlayerRow = typeof players.$inferSelect;

/** The player `externalId` of `brandId`, or `null`. */
export async function findPlayer(
  db: Executor,
  brandId: string,
  externalId: string,
): Promise<PlayerRow | null> {
  const [row] = await db
    .select()
    .from(players)
    .where(and(eq(players.brandId, brandId), eq(players.externalId, externalId)));
  return row ?? null;
}

/**
 * The player `externalId` of `brandId`; a player of another brand is as unknown as a missing one.
 *
 * @throws {ApiError} operatorNotFound (404, 1803) naming `params.external_id`.
 */
export async function requirePlayer(
  db: Executor,
  brandId: string,
  externalId: string,
): Promise<PlayerRow> {
  const row = await findPlayer(db, brandId, externalId);
  if (row === null) throw new ApiError('operatorNotFound', { field: 'params.external_id' });
  return row;
}

type LimitRow = typeof playerLimits.$inferSelect;
type BalanceRow = typeof playerBalances.$inferSelect;

/** A player as the operator API answers it, from the row, its limits and its balances. */
function operatorPlayerOf(
  row: PlayerRow,
  limits: readonly LimitRow[],
  balances: readonly BalanceRow[],
): OperatorPlayer {
  return {
    external_id: row.externalId,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    country: row.country,
    verification_status: row.verificationStatus,
    blocked: row.blockedAt !== null,
    blocked_at: row.blockedAt?.toISOString() ?? null,
    block_reason: row.blockReason,
    limits: limits.map((limit) => ({
      flow: limit.flow,
      currency: limit.currency,
      min_amount: limit.minAmount === null ? null : plainDecimal(limit.minAmount),
      max_amount: limit.maxAmount === null ? null : plainDecimal(limit.maxAmount),
    })),
    balances: balances.map((balance) => ({
      currency: balance.currency,
      balance: plainDecimal(balance.balance),
      reserved: plainDecimal(balance.reserved),
      wager_remaining: plainDecimal(balance.wagerRemaining),
    })),
    created_at: row.createdAt.toISOString(),
  };
}

/** Players as the operator API answers them: two queries for the limits and balances of all. */
async function toOperatorPlayers(
  db: Executor,
  rows: readonly PlayerRow[],
): Promise<OperatorPlayer[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [limits, balances] = await Promise.all([
    db
      .select()
      .from(playerLimits)
      .where(inArray(playerLimits.playerId, ids))
      .orderBy(playerLimits.flow, playerLimits.currency),
    db
      .select()
      .from(playerBalances)
      .where(inArray(playerBalances.playerId, ids))
      .orderBy(playerBalances.currency),
  ]);
  return rows.map((row) =>
    operatorPlayerOf(
      row,
      limits.filter((limit) => limit.playerId === row.id),
      balances.filter((balance) => balance.playerId === row.id),
    ),
  );
}

/** A player as the operator API answers it: the row, its limits and its balances. */
export async function toOperatorPlayer(db: Executor, row: PlayerRow): Promise<OperatorPlayer> {
  const [player] = await toOperatorPlayers(db, [row]);
  if (player === undefined) throw new Error(`player ${row.id} not answered`);
  return player;
}

/** The filters of the player list (the contract's PlayerListQuery). */
export interface PlayerFilters {
  /** An external id prefix, or part of the e-mail, first or last name (case-insensitive). */
  readonly q?: string | undefined;
  readonly blocked?: 'true' | 'false' | undefined;
  readonly verified?: 'true' | 'false' | undefined;
  readonly verification_status?: PlayerRow['verificationStatus'] | undefined;
}

/** `text` as a LIKE pattern that matches it literally (`%`, `_` and `\\` escaped). */
function literalPattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** What `q` finds: an external id starting with it, or an e-mail or name containing it. */
function searchOf(q: string): SQL | undefined {
  const literal = literalPattern(q);
  return or(
    sql`${players.externalId} like ${`${literal}%`}`,
    ilike(players.email, `%${literal}%`),
    ilike(players.firstName, `%${literal}%`),
    ilike(players.lastName, `%${literal}%`),
  );
}

/**
 * A page of the brand's players, newest first by (created_at, id), each as GET
 * /players/{external_id} answers it (modules/operator/keyset-cursor.ts for the cursor).
 *
 * @throws {ApiError} invalidField (`query.cursor`) for a cursor this server did not make.
 */
export async function listOperatorPlayers(
  db: Executor,
  brandId: string,
  filters: PlayerFilters,
  page: { readonly limit: number; readonly cursor: string | undefined },
): Promise<{ readonly players: OperatorPlayer[]; readonly nextCursor: string | null }> {
  const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor);
  const rows = await db
    .select({ player: players, cursorAt: microsecondText(players.createdAt) })
    .from(players)
    .where(
      and(
        eq(players.brandId, brandId),
        filters.q === undefined ? undefined : searchOf(filters.q),
        filters.blocked === undefined
          ? undefined
          : filters.blocked === 'true'
            ? isNotNull(players.blockedAt)
            : isNull(players.blockedAt),
        filters.verified === undefined
          ? undefined
          : filters.verified === 'true'
            ? eq(players.verificationStatus, 'verified')
            : ne(players.verificationStatus, 'verified'),
        filters.verification_status === undefined
          ? undefined
          : eq(players.verificationStatus, filters.verification_status),
        after === undefined ? undefined : afterPosition(players.createdAt, players.id, after),
      ),
    )
    .orderBy(desc(players.createdAt), desc(players.id))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    players: await toOperatorPlayers(
      db,
      shown.map((row) => row.player),
    ),
    nextCursor:
      rows.length > page.limit && last !== undefined
        ? encodeCursor({ at: last.cursorAt, id: last.player.id })
        : null,
  };
}

/**
 * Checks limits before anything is written: each flow and currency once, a currency the server
 * knows, the minimum not above the maximum.
 *
 * @throws {ApiError} invalidField naming `${field}.<index>.<key>`.
 */
async function checkLimits(
  db: Executor,
  limits: readonly PlayerLimit[],
  field: string,
): Promise<void> {
  const seen = new Set<string>();
  const known = new Set(
    (await db.select({ alpha3: currencies.alpha3 }).from(currencies)).map((row) => row.alpha3),
  );
  for (const [index, limit] of limits.entries()) {
    const pair = `${limit.flow}/${limit.currency}`;
    if (seen.has(pair)) {
      throw new ApiError('invalidField', {
        field: `${field}.${String(index)}.currency`,
        detail: `${pair} given twice`,
      });
    }
    seen.add(pair);
    if (!known.has(limit.currency)) {
      throw new ApiError('invalidField', {
        field: `${field}.${String(index)}.currency`,
        detail: `unknown currency ${limit.currency}`,
      });
    }
    if (
      limit.min_amount !== null &&
      limit.max_amount !== null &&
      new Big(limit.min_amount).gt(limit.max_amount)
    ) {
      throw new ApiError('invalidField', {
        field: `${field}.${String(index)}.max_amount`,
        detail: 'max_amount below min_amount',
      });
    }
  }
}

/** Writes limits: sets each given pair, removes a pair given with both bounds null. */
async function writeLimits(
  tx: Executor,
  playerId: string,
  limits: readonly PlayerLimit[],
): Promise<void> {
  for (const limit of limits) {
    const key = and(
      eq(playerLimits.playerId, playerId),
      eq(playerLimits.flow, limit.flow),
      eq(playerLimits.currency, limit.currency),
    );
    if (limit.min_amount === null && limit.max_amount === null) {
      await tx.delete(playerLimits).where(key);
      continue;
    }
    const bounds = { minAmount: limit.min_amount, maxAmount: limit.max_amount };
    await tx
      .insert(playerLimits)
      .values({ playerId, flow: limit.flow, currency: limit.currency, ...bounds })
      .onConflictDoUpdate({
        target: [playerLimits.playerId, playerLimits.flow, playerLimits.currency],
        set: bounds,
      });
  }
}

/** The profile columns a request sets (absent fields stay, null clears). */
function profileColumns(input: PlayerUpdateRequest): Partial<typeof players.$inferInsert> {
  return {
    ...(input.first_name === undefined ? {} : { firstName: input.first_name }),
    ...(input.last_name === undefined ? {} : { lastName: input.last_name }),
    ...(input.email === undefined ? {} : { email: input.email }),
    ...(input.phone === undefined ? {} : { phone: input.phone }),
    ...(input.country === undefined ? {} : { country: input.country }),
    ...(input.verification_status === undefined
      ? {}
      : { verificationStatus: input.verification_status }),
  };
}

/** What a write did to a player. */
export interface PlayerChange {
  readonly row: PlayerRow;
  /** `null` when the player was created. */
  readonly before: OperatorPlayer | null;
  readonly after: OperatorPlayer;
}

/**
 * Creates the player `externalId` of `brandId` with `input`, or updates the existing one with the
 * fields given (in the caller's transaction `tx`). Validated before anything is written.
 *
 * @param field where the request carries the limits, for error_field (`body.limits`).
 * @throws {ApiError} invalidField for bad limits.
 */
export async function upsertPlayer(
  tx: Executor,
  brandId: string,
  externalId: string,
  input: PlayerUpdateRequest,
  field: string,
): Promise<PlayerChange> {
  await checkLimits(tx, input.limits ?? [], field);
  const existing = await findPlayer(tx, brandId, externalId);
  const before = existing === null ? null : await toOperatorPlayer(tx, existing);
  const columns = profileColumns(input);
  let row: PlayerRow | undefined;
  if (existing === null) {
    [row] = await tx
      .insert(players)
      .values({ brandId, externalId, ...columns })
      .onConflictDoUpdate({
        target: [players.brandId, players.externalId],
        set: { externalId, ...columns },
      })
      .returning();
  } else if (Object.keys(columns).length > 0) {
    [row] = await tx.update(players).set(columns).where(eq(players.id, existing.id)).returning();
  } else {
    row = existing;
  }
  if (row === undefined) throw new Error(`player ${brandId}/${externalId} vanished`);
  await writeLimits(tx, row.id, input.limits ?? []);
  return { row, before, after: await toOperatorPlayer(tx, row) };
}

/**
 * Blocks (`reason` kept) or unblocks a player. Blocking ends every open session of the player at
 * `now` (their next call answers 17); a player already in the asked state is left as is.
 *
 * @returns the change, `before` and `after` equal when nothing changed.
 */
export async function setPlayerBlocked(
  tx: Executor,
  row: PlayerRow,
  blocked: boolean,
  reason: string | undefined,
  now: Date,
): Promise<PlayerChange & { readonly changed: boolean; readonly endedSessions: number }> {
  const before = await toOperatorPlayer(tx, row);
  if ((row.blockedAt !== null) === blocked) {
    return { row, before, after: before, changed: false, endedSessions: 0 };
  }
  const [updated] = await tx
    .update(players)
    .set(
      blocked
        ? { blockedAt: now, blockReason: reason ?? null }
        : { blockedAt: null, blockReason: null },
    )
    .where(eq(players.id, row.id))
    .returning();
  if (updated === undefined) throw new Error(`player ${row.id} vanished`);
  // Every process drops the player's cached sessions (at once here, on commit there).
  if (blocked) await announceChange(tx, { kind: 'player', id: row.id });
  const ended = blocked
    ? await tx
        .update(sessions)
        .set({ expiresAt: now })
        .where(and(eq(sessions.playerId, row.id), gt(sessions.expiresAt, now)))
        .returning({ id: sessions.id })
    : [];
  return {
    row: updated,
    before,
    after: await toOperatorPlayer(tx, updated),
    changed: true,
    endedSessions: ended.length,
  };
}
