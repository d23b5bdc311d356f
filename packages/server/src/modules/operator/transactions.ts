/**
 * The brand's transactions for the operator API: one by id, a filtered list with
 * keyset pagination, the count of the same filters (with `awaiting_approval=true`: the payout
 * approval queue's length) and the CSV export of the same filters.
 *
 * Pagination: newest first, ordered by (created_at, id) descending; the cursor is the last row's
 * (created_at at full microsecond precision, id), opaque to the client. A page continues strictly
 * after its cursor, so a walk returns every row that existed when it started exactly once while
 * new transactions are made (they sort before the first page). A row is shaped exactly as the
 * webhooks shape it (modules/webhooks/outbox.ts), status included.
 *
 * @packageDocumentation
 */
import { Readable } from 'node:stream';
import { and, count, desc, eq, gte, lt, not, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { TRANSACTION_CSV_COLUMNS } from '@cashdesk/contract';
import type { OperatorTransaction } from '@cashdesk/contract';
import type { Executor } from '../../db/open';
import { payGroups, players, transactions } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { transactionWire } from '../webhooks';
import { csvRow } from './csv';
import { afterPosition, decodeCursor, encodeCursor, microsecondText } from './keyset-cursor';
import type { Position } from './keyset-cursor';

/** The filters of the list and the export (the contract's TransactionFilterQuery). */
export interface TransactionFilters {
  readonly status?: OperatorTransaction['status'] | undefined;
  readonly flow?: OperatorTransaction['flow'] | undefined;
  readonly player_id?: string | undefined;
  readonly currency?: string | undefined;
  readonly created_from?: string | undefined;
  readonly created_to?: string | undefined;
  readonly pay_group_id?: number | undefined;
  readonly method_kind?: (typeof transactions.$inferSelect)['providerKind'] | undefined;
  readonly connector?: string | undefined;
  readonly provider_reference?: string | undefined;
  /** At least this amount (a decimal string, compared as a number by the database). */
  readonly amount_from?: string | undefined;
  /** At most this amount. */
  readonly amount_to?: string | undefined;
  /** `true`: the withdrawals awaiting approval only; `false`: every other transaction. */
  readonly awaiting_approval?: 'true' | 'false' | undefined;
  /** `true`: the transactions holding a contradicting provider answer; `false`: the others. */
  readonly held?: 'true' | 'false' | undefined;
}

/** A transaction holding a provider answer that contradicted it (provider-outcomes.ts). */
const holdsAnswer: SQL = sql`(${transactions.providerData} ? 'held')`;

/**
 * A withdrawal waiting for the operator's decision: created, its provider call held in state
 * `approval` (the webhooks' and the API's `awaiting_approval`, modules/webhooks/outbox.ts).
 */
const awaitingApproval: SQL = sql`(${transactions.status} = 'created' and ${transactions.callState} = 'approval')`;

/** created_at as exact UTC text with microseconds (a JS Date keeps only milliseconds). */
const createdAtText = microsecondText(transactions.createdAt);

const columns = {
  transaction: transactions,
  playerRef: players.externalId,
  payGroup: payGroups.shortName,
  cursorAt: createdAtText,
};

type ListedRow = {
  readonly transaction: typeof transactions.$inferSelect;
  readonly playerRef: string;
  readonly payGroup: string;
  readonly cursorAt: string;
};

/** A row as the operator API (and the webhooks) carry it. */
function toOperatorTransaction(row: ListedRow): OperatorTransaction {
  return transactionWire(row.transaction, row);
}

/** The conditions of the brand and the filters. */
function whereOf(brandId: string, filters: TransactionFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(players.brandId, brandId),
    filters.status === undefined ? undefined : eq(transactions.status, filters.status),
    filters.flow === undefined ? undefined : eq(transactions.flow, filters.flow),
    filters.player_id === undefined ? undefined : eq(players.externalId, filters.player_id),
    filters.currency === undefined ? undefined : eq(transactions.currency, filters.currency),
    filters.created_from === undefined
      ? undefined
      : gte(transactions.createdAt, new Date(filters.created_from)),
    filters.created_to === undefined
      ? undefined
      : lt(transactions.createdAt, new Date(filters.created_to)),
    filters.pay_group_id === undefined
      ? undefined
      : eq(transactions.payGroupId, filters.pay_group_id),
    filters.method_kind === undefined
      ? undefined
      : eq(transactions.providerKind, filters.method_kind),
    filters.connector === undefined ? undefined : eq(transactions.connector, filters.connector),
    filters.provider_reference === undefined
      ? undefined
      : eq(transactions.providerReference, filters.provider_reference),
    filters.amount_from === undefined
      ? undefined
      : sql`${transactions.amount} >= ${filters.amount_from}::numeric`,
    filters.amount_to === undefined
      ? undefined
      : sql`${transactions.amount} <= ${filters.amount_to}::numeric`,
    filters.awaiting_approval === undefined
      ? undefined
      : filters.awaiting_approval === 'true'
        ? awaitingApproval
        : not(awaitingApproval),
    filters.held === undefined
      ? undefined
      : filters.held === 'true'
        ? holdsAnswer
        : not(holdsAnswer),
  ];
  return and(...conditions);
}

/** One page after `after` (or the first), `limit` rows, and the position of its last row. */
async function page(
  db: Executor,
  brandId: string,
  filters: TransactionFilters,
  after: Position | undefined,
  limit: number,
): Promise<{ readonly rows: ListedRow[]; readonly more: boolean }> {
  const rows = await db
    .select(columns)
    .from(transactions)
    .innerJoin(players, eq(players.id, transactions.playerId))
    .innerJoin(payGroups, eq(payGroups.id, transactions.payGroupId))
    .where(
      and(
        whereOf(brandId, filters),
        after === undefined
          ? undefined
          : afterPosition(transactions.createdAt, transactions.id, after),
      ),
    )
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/**
 * One transaction of the brand.
 *
 * @throws {ApiError} operatorNotFound (404, 1803) for an unknown id or another brand's.
 */
export async function getOperatorTransaction(
  db: Executor,
  brandId: string,
  id: string,
): Promise<OperatorTransaction> {
  const [row] = await db
    .select(columns)
    .from(transactions)
    .innerJoin(players, eq(players.id, transactions.playerId))
    .innerJoin(payGroups, eq(payGroups.id, transactions.payGroupId))
    .where(and(eq(transactions.id, id), eq(players.brandId, brandId)));
  if (row === undefined) throw new ApiError('operatorNotFound', { field: 'params.transactionId' });
  return toOperatorTransaction(row);
}

/** A page of the brand's transactions (see the module comment). */
export async function listOperatorTransactions(
  db: Executor,
  brandId: string,
  filters: TransactionFilters,
  request: { readonly limit: number; readonly cursor: string | undefined },
): Promise<{ readonly transactions: OperatorTransaction[]; readonly nextCursor: string | null }> {
  const after = request.cursor === undefined ? undefined : decodeCursor(request.cursor);
  const { rows, more } = await page(db, brandId, filters, after, request.limit);
  const last = rows.at(-1);
  return {
    transactions: rows.map(toOperatorTransaction),
    nextCursor:
      more && last !== undefined
        ? encodeCursor({ at: last.cursorAt, id: last.transaction.id })
        : null,
  };
}

/** How many of the brand's transactions the filters select. */
export async function countOperatorTransactions(
  db: Executor,
  brandId: string,
  filters: TransactionFilters,
): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(transactions)
    .innerJoin(players, eq(players.id, transactions.playerId))
    .where(whereOf(brandId, filters));
  return row?.count ?? 0;
}

/** Rows read per query of the export. */
const EXPORT_BATCH = 500;

/** The CSV lines of the export: the header, then every selected transaction, newest first. */
async function* csvLines(
  db: Executor,
  brandId: string,
  filters: TransactionFilters,
  batch: number,
): AsyncGenerator<string> {
  yield csvRow(TRANSACTION_CSV_COLUMNS);
  let after: Position | undefined;
  for (;;) {
    const { rows, more } = await page(db, brandId, filters, after, batch);
    for (const row of rows) {
      const transaction = toOperatorTransaction(row);
      yield csvRow(TRANSACTION_CSV_COLUMNS.map((column) => transaction[column]));
    }
    const last = rows.at(-1);
    if (!more || last === undefined) return;
    after = { at: last.cursorAt, id: last.transaction.id };
  }
}

/**
 * The CSV export as a stream: read in batches (`batch` rows a query) by the same keyset as the
 * list, so memory stays flat however many rows there are.
 */
export function exportOperatorTransactions(
  db: Executor,
  brandId: string,
  filters: TransactionFilters,
  batch = EXPORT_BATCH,
): Readable {
  return Readable.from(csvLines(db, brandId, filters, batch));
}
