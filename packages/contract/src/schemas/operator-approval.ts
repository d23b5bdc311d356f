/**
 * Payout approval in the operator API. A brand with payout approval keeps each
 * withdrawal unsent, its amount reserved, until the operator approves it (then it is sent) or
 * rejects it (then it fails and the amount returns to the player's balance).
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { Currency, Decimal } from './common';
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

/**
 * Per currency, the amount below which a withdrawal needs no approval: one strictly below it is
 * sent at once, one at or above it waits. A currency not named has no such amount.
 */
const ExemptBelow = z.record(Currency, Decimal).check(
  z.meta({
    description:
      "Per currency (alpha3), the amount below which a withdrawal needs no approval: a withdrawal whose amount (what the player asked for, before fees and tax) is strictly below it is sent at once; at or above it, it waits. A currency not named: every withdrawal waits. Amounts are decimal strings above zero with at most the currency's decimal places, in currencies the server defines (400 naming body.exempt_below.<alpha3> otherwise).",
    examples: [{ EUR: '100.00', JPY: '15000' }],
  }),
);

/** Whether the brand's withdrawals wait for the operator's approval, and below which amounts not. */
export const PayoutApprovalSetting = z
  .object({
    required: z
      .boolean()
      .check(
        z.describe(
          'true: each withdrawal waits, its amount reserved, until the operator approves it (then it is sent) or rejects it; false: withdrawals are sent at once (but see exempt_below).',
        ),
      ),
    exempt_below: ExemptBelow,
  })
  .check(
    z.meta({
      id: 'PayoutApprovalSetting',
      description:
        "Whether the brand's withdrawals wait for the operator's approval before they are sent, and per currency the amount below which they do not (exempt_below, empty when none). Changing it affects withdrawals created afterwards; those already waiting still need a decision.",
    }),
  );
/** The type of {@link PayoutApprovalSetting}. */
export type PayoutApprovalSetting = z.infer<typeof PayoutApprovalSetting>;

/** PUT /payout-approval: the whole setting (an unknown field is refused). */
export const PayoutApprovalRequest = z
  .strictObject({
    required: z
      .boolean()
      .check(
        z.describe(
          'true: each withdrawal waits, its amount reserved, until the operator approves it (then it is sent) or rejects it; false: withdrawals are sent at once (but see exempt_below).',
        ),
      ),
    exempt_below: z.optional(ExemptBelow),
  })
  .check(
    z.meta({
      id: 'PayoutApprovalRequest',
      description:
        'The whole payout approval setting: required, and exempt_below (omitted: no amount is exempt, every withdrawal waits while required is true). An unknown field is refused.',
    }),
  );
/** The type of {@link PayoutApprovalRequest}. */
export type PayoutApprovalRequest = z.infer<typeof PayoutApprovalRequest>;
