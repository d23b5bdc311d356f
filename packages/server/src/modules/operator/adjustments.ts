/**
 * Manual adjustments of a player's balance on the internal ledger (operator API): a credit or a
 * debit with its reason, once per Idempotency-Key (a repeat with the same body answers the same
 * adjustment, another body 422), audited and announced (`balance.adjusted`) in the database
 * transaction that makes it. A debit may
 * take the balance below zero only when the operator says so. Brands whose balances live in the
 * operator's own wallet adjust them there (409, 1843).
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { and, eq } from 'drizzle-orm';
import { decimalPlaces, positiveDecimal } from '@cashdesk/domain';
import type { OperatorAdjustment } from '@cashdesk/contract';
import type { Transaction } from '../../db/open';
import { adjustments, currencies } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { hashRequest } from '../../http/idempotency';
import { plainDecimal } from '../../platform/money-text';
import { adjustBalance } from '../wallet';
import { recordAdjustmentEvent } from '../webhooks';
import type { PlayerRow } from './players';

/** An adjustment as asked for. */
export interface AdjustmentInput {
  readonly direction: 'credit' | 'debit';
  readonly amount: string;
  readonly currency: string;
  readonly reason: string;
  readonly allowNegativeBalance: boolean;
  readonly idempotencyKey: string;
  readonly requestedBy: string;
  /** The currency's precision. */
  readonly precision: number;
}

type AdjustmentRow = typeof adjustments.$inferSelect;

/** An adjustment as the API answers it. */
export function adjustmentWire(row: AdjustmentRow, player: PlayerRow): OperatorAdjustment {
  const amount = new Big(row.amount);
  return {
    id: row.id,
    player_id: player.externalId,
    direction: amount.lt(0) ? 'debit' : 'credit',
    amount: plainDecimal(amount.abs().toFixed()),
    currency: row.currency,
    reason: row.reason,
    balance_after: plainDecimal(row.balanceAfter),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Makes the adjustment in `tx` (or answers the one its key made).
 *
 * @returns the adjustment and whether this call made it.
 * @throws {ApiError} invalidField (amount), idempotencyConflict, balanceTooLow.
 */
export async function adjust(
  tx: Transaction,
  player: PlayerRow,
  input: AdjustmentInput,
  now: Date,
): Promise<{ readonly row: AdjustmentRow; readonly made: boolean }> {
  const requestHash = hashRequest({
    direction: input.direction,
    amount: input.amount,
    currency: input.currency,
    reason: input.reason,
    allowNegativeBalance: input.allowNegativeBalance,
  });
  const [known] = await tx
    .select()
    .from(adjustments)
    .where(
      and(
        eq(adjustments.playerId, player.id),
        eq(adjustments.idempotencyKey, input.idempotencyKey),
      ),
    );
  if (known !== undefined) {
    if (known.requestHash !== requestHash) {
      throw new ApiError('idempotencyConflict', {
        detail: 'the Idempotency-Key was used for another adjustment',
      });
    }
    return { row: known, made: false };
  }
  const [currency] = await tx
    .select({ alpha3: currencies.alpha3 })
    .from(currencies)
    .where(eq(currencies.alpha3, input.currency));
  if (currency === undefined) {
    throw new ApiError('invalidField', { field: 'body.currency', detail: 'an unknown currency' });
  }
  const amount = positiveDecimal(input.amount);
  if (amount === null || decimalPlaces(amount) > input.precision) {
    throw new ApiError('invalidField', {
      field: 'body.amount',
      detail: `a positive amount with at most ${String(input.precision)} decimals`,
    });
  }
  const signed = input.direction === 'debit' ? amount.times(-1) : amount;
  const [row] = await tx
    .insert(adjustments)
    .values({
      playerId: player.id,
      currency: input.currency,
      amount: signed.toFixed(),
      reason: input.reason,
      idempotencyKey: input.idempotencyKey,
      requestHash,
      requestedBy: input.requestedBy,
      balanceAfter: '0',
      createdAt: now,
    })
    .returning();
  if (row === undefined) throw new Error('adjustment row not written');
  const balance = await adjustBalance(tx, {
    playerId: player.id,
    currency: input.currency,
    adjustmentId: row.id,
    amount: signed.toFixed(),
    allowNegative: input.allowNegativeBalance,
  });
  const [written] = await tx
    .update(adjustments)
    .set({ balanceAfter: balance.balance })
    .where(eq(adjustments.id, row.id))
    .returning();
  const made = written ?? row;
  // The operator hears of it as of every money movement, in the transaction that made it.
  await recordAdjustmentEvent(tx, player.brandId, adjustmentWire(made, player));
  return { row: made, made: true };
}
