export { formatAmountInput, readAmountInput } from './amount-input';
export type {
  AmountInput,
  AmountInputOptions,
  AmountReading,
  AmountReadOptions,
  AmountUnclearReason,
} from './amount-input';

export type { AmountLimits, ParsedLimits } from './amount-limits';
export { narrowLimitsForPlayer } from './player-limits';
export type { StoredLimits } from './player-limits';
export { AMOUNT_FIELD_NAME } from './amount-messages';
export type { AmountFlowType } from './amount-messages';
export {
  clampWithdrawalAmount,
  defaultAmount,
  minLimitHint,
  resolveAmountBlocks,
} from './amount-defaults';
export type {
  DefaultAmount,
  DefaultAmountInput,
  DefaultAmountSource,
  MinLimitHintInput,
} from './amount-defaults';
export { validateAmount, validateWithdrawalBalance } from './validate-amount';
export type {
  AmountBoundFormat,
  AmountErrorKind,
  AmountRules,
  AmountValidation,
} from './validate-amount';
