/**
 * Small payout rules: the card field state and the reversal result (SPEC §4).
 *
 * @packageDocumentation
 */

/** SPEC §3: the field facts the payout card-field rule reads. */
export interface PayoutCardFieldInput {
  /** Field type; absent means 'input' (the SPEC §3 default). */
  readonly type?: string | null | undefined;
  readonly verifyNewPayoutAccount?: boolean | null | undefined;
}

/** SPEC §4: how the payout card field shows. */
export interface PayoutCardFieldState {
  readonly isDisabled: boolean;
  readonly hasManualError: boolean;
  readonly showEmptyListMessage: boolean;
}

/**
 * SPEC §4: with `verifyNewPayoutAccount` false and a non-input type, the card field is disabled,
 * has a manual error set and shows the empty-list message (`placeHolderEmptyList`). Only an
 * explicit `false` counts: an unknown verification setting changes nothing.
 */
export function payoutCardFieldState(field: PayoutCardFieldInput): PayoutCardFieldState {
  const type = field.type ?? 'input';
  const blocked = field.verifyNewPayoutAccount === false && type !== 'input';
  return { isDisabled: blocked, hasManualError: blocked, showEmptyListMessage: blocked };
}

/** SPEC §7: the `payments/reverse-pending-withdrawal` response fields. */
export interface WithdrawalReversalResponse {
  readonly success_amount?: string | number | null | undefined;
  readonly fail_amount?: string | number | null | undefined;
}

/** SPEC §4: the outcome of a withdrawal reversal. */
export type WithdrawalReversalStatus = 'success' | 'failed';

/**
 * SPEC §4: a withdrawal reversal succeeded if `success_amount` is present, otherwise it failed.
 * Present means not null, not absent and not an empty text; "0" is present.
 */
export function withdrawalReversalStatus(
  response: WithdrawalReversalResponse | null | undefined,
): WithdrawalReversalStatus {
  const amount = response?.success_amount;
  if (amount == null) return 'failed';
  if (typeof amount === 'string' && amount.trim() === '') return 'failed';
  return 'success';
}
