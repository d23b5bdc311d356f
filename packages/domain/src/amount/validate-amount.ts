/**
 * Amount validation (SPEC §5 amount rules, §8 amount message keys).
 *
 * @packageDocumentation
 */
import type Big from 'big.js';
import type { RuleError } from '../messages';
import { parseDecimal } from '../money/decimal';
import { formatAmount } from '../money/format';
import type { DecimalInput } from '../money/values';
import { optionalDecimal } from '../money/values';
import type { AmountFlowType } from './amount-messages';
import { AMOUNT_FIELD_NAME, AMOUNT_MESSAGE_KEYS } from './amount-messages';
import type { AmountLimits } from './amount-limits';
import { combineLimits } from './amount-limits';

/** SPEC §5: the kinds of amount error, in the order they are checked. */
export type AmountErrorKind =
  'required' | 'incorrect' | 'pattern' | 'balance' | 'under-minimum' | 'above-maximum';

/**
 * SPEC §5: outcome of an amount check. It is a `Validation` of '../messages' with two more facts
 * when invalid: which rule failed and the field the error belongs on (always the amount field,
 * where a missing amount sets a manual error).
 */
export type AmountValidation =
  | { readonly valid: true }
  | {
      readonly valid: false;
      readonly kind: AmountErrorKind;
      readonly field: typeof AMOUNT_FIELD_NAME;
      readonly error: RuleError;
    };

/** SPEC §5: how bounds are written into messages ("receive the formatted bound"). */
export interface AmountBoundFormat {
  /** ISO code passed to messages as `currency`. */
  readonly currency?: string | undefined;
  /** Currency precision of the formatted bound (SPEC §3); the bound's own decimals when absent. */
  readonly precision?: number | undefined;
  readonly decimalSeparator?: string | undefined;
  readonly groupSeparator?: string | undefined;
}

/** SPEC §5: everything an amount is checked against. */
export interface AmountRules extends AmountBoundFormat {
  readonly flowType: AmountFlowType;
  /** Whether an amount must be given; true by default (the generated amount field is required). */
  readonly required?: boolean | undefined;
  /** The field's limits {min, max}. */
  readonly limits?: AmountLimits | null | undefined;
  /** The method's limit amount; the amount must lie within it as well (SPEC §5). */
  readonly methodLimits?: AmountLimits | null | undefined;
  /** The user's balance. When given (not null), the balance check runs ({@link checkBalance}). */
  readonly balance?: DecimalInput;
  /** amount_reg_exp_fe (SPEC §3): a pattern the amount text must match. */
  readonly pattern?: string | null | undefined;
}

const VALID_AMOUNT: AmountValidation = { valid: true };

function failure(
  kind: AmountErrorKind,
  key: string,
  bound: Big | null,
  format: AmountBoundFormat,
): AmountValidation {
  if (bound === null) return { valid: false, kind, field: AMOUNT_FIELD_NAME, error: { key } };
  const params: Record<string, string> = {
    amount: formatAmount(bound, {
      precision: format.precision,
      decimalSeparator: format.decimalSeparator,
      groupSeparator: format.groupSeparator,
    }),
  };
  if (format.currency !== undefined && format.currency !== '') params.currency = format.currency;
  return { valid: false, kind, field: AMOUNT_FIELD_NAME, error: { key, params } };
}

/**
 * SPEC §5 (amount_reg_exp_fe): compiles the front-end amount pattern. Both a bare source
 * ("^\\d+$") and a literal with slashes and flags ("/^\\d+$/i") are accepted. An invalid pattern
 * gives `null` and is then not applied: a broken server setting must not block every payment,
 * and the server validates the amount again anyway.
 */
export function compileAmountPattern(pattern: string | null | undefined): RegExp | null {
  if (pattern === null || pattern === undefined || pattern === '') return null;
  const literal = /^\/(.+)\/([a-z]*)$/s.exec(pattern);
  try {
    return literal === null ? new RegExp(pattern) : new RegExp(literal[1] ?? '', literal[2]);
  } catch {
    return null;
  }
}

/** Text of the amount with grouping spaces removed, or `null` when nothing was entered. */
function amountText(amount: DecimalInput): string | null {
  if (amount === null || amount === undefined) return null;
  const text = typeof amount === 'string' ? amount : amount.toString();
  const compact = text.replace(/\s+/g, '');
  return compact === '' ? null : compact;
}

/**
 * SPEC §5: the balance rules. For a withdrawal the amount is invalid when the balance is not
 * positive, the amount exceeds the balance, or the balance is below the minimum
 * (CASHIER.PH2.ERROR_MESSAGE.1206); for a deposit only an amount above the balance fails. An
 * amount equal to the balance is valid. A balance that is not a number fails a withdrawal (no
 * money is known to be there) and is ignored for a deposit; an amount that is not a number is
 * incorrect. The message's `amount` param is the formatted balance.
 */
export function checkBalance(
  amount: DecimalInput,
  balance: DecimalInput,
  flowType: AmountFlowType,
  min: DecimalInput = null,
  format: AmountBoundFormat = {},
): AmountValidation {
  const keys = AMOUNT_MESSAGE_KEYS[flowType];
  const value = parseDecimal(amount);
  if (value === null) return failure('incorrect', keys.incorrect, null, format);
  const available = parseDecimal(balance);
  if (available === null) {
    return flowType === 'withdrawal'
      ? failure('balance', keys.balance, null, format)
      : VALID_AMOUNT;
  }
  const minimum = optionalDecimal(min, true);
  const unusable =
    flowType === 'withdrawal' && (available.lte(0) || (minimum !== null && available.lt(minimum)));
  if (unusable || value.gt(available)) return failure('balance', keys.balance, available, format);
  return VALID_AMOUNT;
}

/** SPEC §5: the withdrawal balance rule of {@link checkBalance} on its own. */
export function validateWithdrawalBalance(
  amount: DecimalInput,
  balance: DecimalInput,
  min: DecimalInput = null,
  format: AmountBoundFormat = {},
): AmountValidation {
  return checkBalance(amount, balance, 'withdrawal', min, format);
}

/**
 * SPEC §5: validates an amount (raw store value or display text; grouping spaces are ignored).
 * Checks run in this order and the first failure is returned:
 *
 * 1. required: nothing entered (only when required, the default) gives PH.ERROR.FIELD_REQUIRED
 *    on the amount field (the manual error of the spec);
 * 2. incorrect: not a number, zero or negative gives PH.DEPOSIT.ERROR.INCORRECT_AMOUNT;
 * 3. pattern: amount_reg_exp_fe tested against the amount text; a mismatch gives the incorrect
 *    key (the spec names no other), an invalid pattern is skipped;
 * 4. balance, when a balance is given ({@link checkBalance}): checked before the limits because
 *    no limit change can help a player who lacks the money;
 * 5. under-minimum and 6. above-maximum against the tighter of the field limits and the method
 *    limits, each only when set.
 *
 * Message keys come from {@link AMOUNT_MESSAGE_KEYS}.
 */
export function validateAmount(amount: DecimalInput, rules: AmountRules): AmountValidation {
  const keys = AMOUNT_MESSAGE_KEYS[rules.flowType];
  const text = amountText(amount);
  if (text === null) {
    return (rules.required ?? true)
      ? failure('required', keys.required, null, rules)
      : VALID_AMOUNT;
  }
  const value = parseDecimal(text);
  if (value === null || value.lte(0)) return failure('incorrect', keys.incorrect, null, rules);
  const pattern = compileAmountPattern(rules.pattern);
  if (pattern !== null && !pattern.test(text)) {
    return failure('pattern', keys.incorrect, null, rules);
  }
  const limits = combineLimits(rules.limits, rules.methodLimits);
  if (rules.balance !== undefined && rules.balance !== null) {
    const balance = checkBalance(value, rules.balance, rules.flowType, limits.min, rules);
    if (!balance.valid) return balance;
  }
  if (limits.min !== null && value.lt(limits.min)) {
    return failure('under-minimum', keys.underMinimum, limits.min, rules);
  }
  if (limits.max !== null && value.gt(limits.max)) {
    return failure('above-maximum', keys.aboveMaximum, limits.max, rules);
  }
  return VALID_AMOUNT;
}
