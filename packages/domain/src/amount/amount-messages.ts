/**
 * Amount message keys by flow and error type (SPEC §5: "messages depend on flow type and error
 * type (under-minimum, above-maximum, incorrect, balance) and receive the formatted bound").
 *
 * @packageDocumentation
 */
import { MESSAGE_KEYS } from '../messages';

/** SPEC §1: the two payment flows an amount belongs to. */
export type AmountFlowType = 'deposit' | 'withdrawal';

/** SPEC §3: name of the generated amount field, which gets the manual "missing amount" error. */
export const AMOUNT_FIELD_NAME = 'amount';

/**
 * SPEC §5, §8: message key of each amount error, per flow.
 *
 * SPEC §8 names only PH.DEPOSIT.ERROR.INCORRECT_AMOUNT and CASHIER.PH2.ERROR_MESSAGE.1206, so:
 * - `incorrect` (zero, non-numeric, or failing amount_reg_exp_fe) is
 *   PH.DEPOSIT.ERROR.INCORRECT_AMOUNT in both flows, as the spec states it without a flow;
 * - `balance` is CASHIER.PH2.ERROR_MESSAGE.1206 in both flows;
 * - the bound keys are new and follow the same pattern: PH.{FLOW}.ERROR.MIN_AMOUNT and
 *   PH.{FLOW}.ERROR.MAX_AMOUNT;
 * - `required` is the generic PH.ERROR.FIELD_REQUIRED.
 *
 * Every key except `required` receives the params `amount` (the formatted bound that was crossed:
 * minimum, maximum or balance) and, when known, `currency` (the ISO code), the same params as
 * PH.MIN_LIMIT_INFO_TEXT.
 */
export const AMOUNT_MESSAGE_KEYS = {
  deposit: {
    required: MESSAGE_KEYS.fieldRequired,
    incorrect: MESSAGE_KEYS.incorrectAmount,
    underMinimum: 'PH.DEPOSIT.ERROR.MIN_AMOUNT',
    aboveMaximum: 'PH.DEPOSIT.ERROR.MAX_AMOUNT',
    balance: MESSAGE_KEYS.withdrawalBalance,
  },
  withdrawal: {
    required: MESSAGE_KEYS.fieldRequired,
    incorrect: MESSAGE_KEYS.incorrectAmount,
    underMinimum: 'PH.WITHDRAWAL.ERROR.MIN_AMOUNT',
    aboveMaximum: 'PH.WITHDRAWAL.ERROR.MAX_AMOUNT',
    balance: MESSAGE_KEYS.withdrawalBalance,
  },
} as const;
