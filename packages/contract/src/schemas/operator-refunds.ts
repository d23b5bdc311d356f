/**
 * The operator's money operations in the operator API: refunds of succeeded deposits (each its own
 * record with its own status and webhook events), the cancellation of a pending payment at its
 * provider, and manual adjustments of a balance kept on the internal ledger
 * (docs/refunds.md says what each moves and when).
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { Currency, Decimal } from './common';
import { WebhookAdjustment, WebhookRefund } from './webhooks';
import { OperatorTransaction } from './operator-transactions';

/** A reason text kept with a money operation (audit trail, provider records). */
const Reason = z.string().check(z.minLength(1), z.maxLength(500));

/** POST /transactions/{transactionId}/refunds. */
export const RefundRequest = z
  .object({
    /**
     * What goes back to the payer: at most what the deposit charged (its amount plus the fee the
     * player paid) less what earlier refunds sent back, at the currency precision; left out, all
     * that remains.
     */
    amount: z.optional(Decimal),
    reason: Reason.check(
      z.meta({
        description:
          'Why the deposit is refunded: kept with the refund and in the audit trail, sent to the provider; never shown to the player.',
      }),
    ),
    allow_negative_balance: z.optional(
      z.boolean().check(
        z.meta({
          description:
            "Refund even when the player's balance no longer holds what the refund takes back (the player spent or withdrew it): the balance goes below zero and the player sees zero until deposits cover it. Default false: such a refund is refused (409, 1842) and nothing moves.",
        }),
      ),
    ),
  })
  .check(
    z.meta({
      id: 'RefundRequest',
      description:
        'A refund of a succeeded deposit, full (no amount: all that remains) or partial (amount: at most what the deposit charged, its amount plus the fee the player paid, less what earlier refunds sent back, at the currency precision). Send an Idempotency-Key: a repeat with the same key and body answers the same refund and never refunds twice.',
    }),
  );

/** A refund of the operator API: the webhook's shape, field for field. */
export const OperatorRefund = z.object({ ...WebhookRefund.shape }).check(
  z.meta({
    id: 'OperatorRefund',
    description: 'A refund of a deposit, with its own status, as its webhook events carry it.',
  }),
);
/** The type of {@link OperatorRefund}. */
export type OperatorRefund = z.infer<typeof OperatorRefund>;

/** The answer to a refund request, and to GET /refunds/{refundId}. */
export const RefundAnswer = z
  .object({ refund: OperatorRefund, transaction: OperatorTransaction })
  .check(
    z.meta({
      id: 'RefundAnswer',
      description:
        'The refund and its deposit as they are now. A refund the provider is still settling, or whose answer was lost, is requested: the server asks again (with the refund id as the idempotency key) until it is final, and sends refund.succeeded or refund.failed.',
    }),
  );

/** GET /transactions/{transactionId}/refunds. */
export const RefundList = z
  .object({ refunds: z.array(OperatorRefund) })
  .check(z.meta({ id: 'RefundList', description: "The deposit's refunds, oldest first." }));

/** Path parameters naming a refund. */
export const RefundParams = z.object({ refundId: z.uuid() });

/** POST /transactions/{transactionId}/cancel. */
export const CancelRequest = z
  .object({
    reason: Reason.check(
      z.meta({ description: 'Why the payment is cancelled: kept in the audit trail.' }),
    ),
  })
  .check(
    z.meta({
      id: 'TransactionCancelRequest',
      description:
        'Why the pending payment is cancelled (kept in the audit trail; never shown to the player).',
    }),
  );

/** POST /transactions/{transactionId}/resolve-hold. */
export const ResolveHoldRequest = z
  .object({
    resolution: z.enum(['approve', 'decline', 'dismiss']).check(
      z.meta({
        description:
          "approve: the operator checked with the provider that the payment went through for the transaction's own amount and currency; it succeeds as if the provider had said so (a deposit is credited its own amount, never the reported one). decline: it fails, nothing credited (a withdrawal's reservation back). dismiss: the held answer is dropped and the transaction keeps waiting for the provider's result.",
      }),
    ),
    reason: Reason.check(
      z.meta({ description: 'What the operator checked: kept in the audit trail.' }),
    ),
  })
  .check(
    z.meta({
      id: 'ResolveHoldRequest',
      description:
        'The resolution of a provider answer held for review (held_answer of the transaction).',
    }),
  );

/** POST /players/{external_id}/adjustments. */
export const AdjustmentRequest = z
  .object({
    direction: z.enum(['credit', 'debit']).check(
      z.meta({
        description: "credit adds the amount to the player's balance, debit takes it off.",
      }),
    ),
    /** A positive amount at the currency precision. */
    amount: Decimal,
    currency: Currency,
    reason: Reason.check(
      z.meta({ description: 'Why: kept with the adjustment and in the audit trail.' }),
    ),
    allow_negative_balance: z.optional(
      z.boolean().check(
        z.meta({
          description:
            'A debit may take the balance below zero (default false: refused with 409, 1842).',
        }),
      ),
    ),
  })
  .check(
    z.meta({
      id: 'AdjustmentRequest',
      description:
        "A manual credit or debit of a player's balance on the internal ledger, with its reason. Send an Idempotency-Key: a repeat answers the same adjustment.",
    }),
  );

/** An adjustment as the operator API answers it: the webhook's shape, field for field. */
export const OperatorAdjustment = z
  .object({ ...WebhookAdjustment.shape })
  .check(z.meta({ id: 'OperatorAdjustment', description: 'A manual adjustment of a balance.' }));
/** The type of {@link OperatorAdjustment}. */
export type OperatorAdjustment = z.infer<typeof OperatorAdjustment>;

/** The answer to an adjustment. */
export const AdjustmentAnswer = z.object({ adjustment: OperatorAdjustment });
