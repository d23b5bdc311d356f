/**
 * Payout approval in the operator API. A brand with payout approval keeps each
 * withdrawal unsent, its amount reserved, until the operator approves it (then it is sent) or
 * rejects it (then it fails and the amount returns to the player's balance).
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { OperatorTransaction } from './operator-transactions';

/** A decision's optional note, kept in the audit trail. */
export const PayoutDecisionRequest = z
  .object({
    reason: z
      .optional(z.string().check(z.minLength(1), z.maxLength(500)))
      .check(z.describe('A note on the decision (1-500 characters), kept in the audit trail.')),
  })
  .check(
    z.meta({
      id: 'PayoutDecisionRequest',
      description:
        'Why the payout was approved or rejected (optional, kept in the audit trail; never shown to the player).',
    }),
  );

/** The transaction after a decision. */
export const PayoutDecisionResponse = z.object({ transaction: OperatorTransaction }).check(
  z.meta({
    id: 'PayoutDecisionResponse',
    description:
      'The withdrawal after the decision: rejected, it is error with decline_reason rejected; approved, it was sent to the provider and is as the provider answered (created while its answer is outstanding).',
  }),
);

/** Whether the brand's withdrawals wait for the operator's approval. */
export const PayoutApprovalSetting = z
  .object({
    required: z
      .boolean()
      .check(
        z.describe(
          'true: each withdrawal waits, its amount reserved, until the operator approves it (then it is sent) or rejects it; false: withdrawals are sent at once.',
        ),
      ),
  })
  .check(
    z.meta({
      id: 'PayoutApprovalSetting',
      description:
        "Whether the brand's withdrawals wait for the operator's approval before they are sent. Changing it affects withdrawals created afterwards; those already waiting still need a decision.",
    }),
  );
