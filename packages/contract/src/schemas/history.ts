/**
 * The player's pending payments and history: an open QR code, bank transfer, voucher or 3-D Secure
 * step is found and resumed again after a reload. Not in SPEC §7.
 *
 * @packageDocumentation
 */
import { DEFAULT_PAGE_SIZE } from '@cashdesk/domain';
import * as z from 'zod/mini';
import { Currency, DateTime, Decimal, PayGroupId, TransactionId } from './common';
import { PaySession, ResultStatus, TransactionStatus } from './payment';
import { PaymentFlowSchema } from './sandbox';

/** Payments in one page of the history when the query names no limit (SPEC §9 default page size). */
export const PAYMENT_HISTORY_PAGE_DEFAULT = DEFAULT_PAGE_SIZE;
/** The most payments one page of the history holds. */
export const PAYMENT_HISTORY_PAGE_MAX = 50;

/** Query of GET payments/history: a page size and the cursor of the previous page. */
export const PaymentHistoryQuery = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(PAYMENT_HISTORY_PAGE_MAX))),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});
/** The type of {@link PaymentHistoryQuery}. */
export type PaymentHistoryQuery = z.infer<typeof PaymentHistoryQuery>;

/** Who ended a payment as cancelled (PaymentHistoryItem cancelled_by). */
const CANCELLERS = ['player', 'other'] as const;

/** One payment of the player's history. */
export const PaymentHistoryItem = z
  .object({
    transaction_id: TransactionId,
    flow: PaymentFlowSchema,
    open: z.boolean(),
    transaction_status: TransactionStatus,
    result_status: ResultStatus,
    amount: Decimal,
    currency: Currency,
    pay_group_id: PayGroupId,
    method_name: z.string().check(z.minLength(1), z.maxLength(200)),
    created_at: DateTime,
    reference: z.string().check(z.minLength(1), z.maxLength(100)),
    this_session: z.boolean(),
    cancelled_by: z.nullable(z.enum(CANCELLERS)),
    pay_session: z.nullable(PaySession),
  })
  .check(
    z.meta({
      id: 'PaymentHistoryItem',
      description:
        "One of the player's payments (designed): its flow, whether it is still open (created, processing or await: not final yet), its transaction and result status as the pay session says them, the amount at the currency precision, the method (pay group) by id and by its name in the session's language, when it was made, and the reference the player quotes (the display form's payment reference, else the transaction id). this_session is true for a payment made in the cashier session that asks (a page loaded again in the middle of it), false for one of an earlier session. cancelled_by is null unless the payment ended cancelled: player when the player cancelled it (a withdrawal reversed, SPEC §7 reverse-pending-withdrawal: its amount back on the balance), other when the operator or the provider did. pay_session is the payment's pay session as submit answered it, for an open payment only (null once final): what the widget needs to resume it, exactly as after its submit (display_form for a QR code or bank transfer, voucher for a cash voucher, redirect_data with action iframe for a 3-D Secure challenge). Never card data.",
    }),
  );
/** The type of {@link PaymentHistoryItem}. */
export type PaymentHistoryItem = z.infer<typeof PaymentHistoryItem>;

/** Answer of GET payments/history. */
export const PaymentHistoryResponse = z
  .object({
    payments: z.array(PaymentHistoryItem),
    next_cursor: z.nullable(z.string()),
  })
  .check(
    z.meta({
      id: 'PaymentHistoryResponse',
      description:
        "A page of the player's payments of the session's brand, both flows: the open ones first, then the final ones, each part newest first (by creation time, then id). next_cursor fetches the next page and is null on the last.",
    }),
  );
/** The type of {@link PaymentHistoryResponse}. */
export type PaymentHistoryResponse = z.infer<typeof PaymentHistoryResponse>;
