/**
 * The player's pending payments and history (GET payments/history): a page of the
 * session player's payments of the session's brand, both flows, the open ones first.
 *
 * Order and pagination: open payments (not final yet) before final ones, each part newest first:
 * the key is (open, created_at, id), all descending; the cursor is the last row's key (created_at
 * at full microsecond precision), opaque to the client, and a page continues strictly after it.
 *
 * Each payment says whether the asking cashier session made it (a page loaded again in the middle
 * of a payment resumes it; one of an earlier session is left to the player) and who cancelled it,
 * if anyone did. An open payment carries its pay session exactly as submit answers it
 * (modules/payments/pay-session.ts paySessionOf, the one owner of that shape), so the widget
 * resumes it with the code that follows a submit's answer. The balance and the precision are read
 * once per currency of the page, not once per row (an operator's wallet answers the balance over
 * HTTP).
 *
 * @packageDocumentation
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { PAYMENT_HISTORY_PAGE_DEFAULT } from '@cashdesk/contract';
import type { PaymentHistoryItem, PaymentHistoryResponse } from '@cashdesk/contract';
import type { Executor } from '../../db/open';
import { payGroups, transactionStatus, transactions } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { localizedName } from '../cashier';
import { moneyAtPrecision } from '../../platform/money-text';
import { referenceOf } from './payment-details';
import { isFinalStatus, resultStatusOf } from './transactions';
import { currencyPrecision } from './transaction-money';
import { paySessionOf, voucherShopOf, wireStatusOf } from './pay-session';
import type { PaySessionFacts } from './pay-session';
import type { WalletService } from '../wallet';
import { REVERSED_MESSAGE_KEY } from '../webhooks';
import { providerDataOf } from './transaction-repository';
import type { TransactionRow } from './transaction-repository';

/** Whose payments: the session's player, in the session's brand and language. */
export interface HistoryOwner {
  readonly playerId: string;
  readonly brandId: string;
  readonly language: string;
  /** The cashier session that asks (this_session). */
  readonly sessionId: string;
}

/**
 * Who ended a final payment as cancelled: the player's reversal of a withdrawal (its marker), or
 * anyone else's cancel (the operator's, the provider's); null for any other end.
 */
function cancelledBy(row: TransactionRow): PaymentHistoryItem['cancelled_by'] {
  if (row.status !== 'error') return null;
  if (row.errorMessage === REVERSED_MESSAGE_KEY) return 'player';
  return providerDataOf(row).declineReason === 'cancelled' ? 'other' : null;
}

/** A position in the list: open (1) or final (0), creation time (microseconds, UTC), id. */
interface Position {
  readonly open: 0 | 1;
  readonly at: string;
  readonly id: string;
}

const CURSOR =
  /^h:([01])\|([0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

function encodeCursor(position: Position): string {
  return Buffer.from(`h:${position.open}|${position.at}|${position.id}`, 'utf8').toString(
    'base64url',
  );
}

/**
 * The position a cursor names.
 *
 * @throws {ApiError} invalidField (`query.cursor`) for a cursor this server did not make.
 */
function decodeCursor(cursor: string): Position {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const [, open, at, id] = match ?? [];
  if (open === undefined || at === undefined || id === undefined || Number.isNaN(Date.parse(at))) {
    throw new ApiError('invalidField', { field: 'query.cursor', detail: 'unknown cursor' });
  }
  return { open: open === '1' ? 1 : 0, at, id };
}

/** The statuses of a payment that is not final yet. */
const OPEN_STATUSES = transactionStatus.enumValues.filter((status) => !isFinalStatus(status));

/** 1 for an open payment, 0 for a final one: the first part of the order. */
const openRank = sql<number>`(case when ${inArray(transactions.status, [...OPEN_STATUSES])} then 1 else 0 end)`;

/** created_at as exact UTC text with microseconds (a JS Date keeps only milliseconds). */
const createdAtText = sql<string>`to_char(${transactions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Reads a value once per key (a page's currencies). */
function once<T>(read: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const known = new Map<string, Promise<T>>();
  return (key) => {
    const found = known.get(key);
    if (found !== undefined) return found;
    const reading = read(key);
    known.set(key, reading);
    return reading;
  };
}

/** A page of the owner's payments (see the module comment). */
export async function listPlayerPayments(
  db: Executor,
  wallet: Pick<WalletService, 'balance' | 'owes'>,
  owner: HistoryOwner,
  request: { readonly limit?: number | undefined; readonly cursor?: string | undefined },
): Promise<PaymentHistoryResponse> {
  const limit = request.limit ?? PAYMENT_HISTORY_PAGE_DEFAULT;
  const after = request.cursor === undefined ? undefined : decodeCursor(request.cursor);
  const rows = await db
    .select({
      transaction: transactions,
      publicName: payGroups.publicName,
      publicNames: payGroups.publicNames,
      cursorAt: createdAtText,
    })
    .from(transactions)
    .innerJoin(payGroups, eq(payGroups.id, transactions.payGroupId))
    .where(
      and(
        eq(transactions.playerId, owner.playerId),
        // A player belongs to one brand; the pay group's brand is checked all the same.
        eq(payGroups.brandId, owner.brandId),
        after === undefined
          ? undefined
          : sql`(${openRank}, ${transactions.createdAt}, ${transactions.id}) < (${after.open}, ${after.at}::timestamptz, ${after.id}::uuid)`,
      ),
    )
    .orderBy(desc(openRank), desc(transactions.createdAt), desc(transactions.id))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const precisionOf = once((currency) => currencyPrecision(db, currency));
  // The wallet's balance, read once per currency; null when it does not answer (the history is
  // told all the same), or, for a payment, while that payment owes the wallet a movement.
  const balanceOf = once(async (currency) => {
    try {
      return await wallet.balance(db, owner.playerId, currency);
    } catch (error) {
      if (error instanceof ApiError && error.errorName === 'walletUnavailable') return null;
      throw error;
    }
  });
  const payments = await Promise.all(
    shown.map(
      async ({ transaction: row, publicName, publicNames }): Promise<PaymentHistoryItem> => {
        const precision = await precisionOf(row.currency);
        const open = !isFinalStatus(row.status);
        let paySession: PaymentHistoryItem['pay_session'] = null;
        if (open) {
          const facts: PaySessionFacts = {
            balance: (await wallet.owes(db, row)) ? null : await balanceOf(row.currency),
            precision,
            betShop: await voucherShopOf(db, row),
          };
          paySession = paySessionOf(row, facts);
        }
        return {
          transaction_id: row.id,
          flow: row.flow,
          open,
          transaction_status: wireStatusOf(row.status),
          result_status: resultStatusOf(row.status),
          amount: moneyAtPrecision(row.amount, precision),
          currency: row.currency,
          pay_group_id: row.payGroupId,
          method_name: localizedName({ publicName, publicNames }, owner.language),
          created_at: row.createdAt.toISOString(),
          reference: referenceOf(row),
          this_session: row.sessionId === owner.sessionId,
          cancelled_by: cancelledBy(row),
          pay_session: paySession,
        };
      },
    ),
  );
  const last = shown.at(-1);
  return {
    payments,
    next_cursor:
      rows.length > limit && last !== undefined
        ? encodeCursor({
            open: isFinalStatus(last.transaction.status) ? 0 : 1,
            at: last.cursorAt,
            id: last.transaction.id,
          })
        : null,
  };
}
