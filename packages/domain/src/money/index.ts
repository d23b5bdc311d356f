export { compareDecimal, parseDecimal, roundDecimal, toPrecision } from './decimal';
export type { RoundingDirection } from './decimal';
export { computeBonus } from './bonus';
export { paymentCharges } from './charges';
export type { ChargeInput, PaymentCharges } from './charges';
export type { BonusInfo, BonusOptions, BonusResult } from './bonus';
export { convertToProcessingCurrency } from './conversion';
export type { ConvertedAmount, ProcessingCurrency } from './conversion';
export { CURRENCY_SYMBOLS } from './currency-symbols';
export { computeFee, FEE_MESSAGE_KEYS, feeDisplay, parseFeePercent } from './fee';
export type { FeeDisplay, FeeDisplayOptions, FeeOptions, MerchantUserFee } from './fee';
export {
  CURRENCY_DISPLAY_SETTINGS,
  currencyDisplayFormat,
  currencySymbol,
  formatAmount,
  formatMoney,
  groupThousands,
} from './format';
export type { AmountFormatOptions, CurrencyDisplayFormat, MoneyFormatOptions } from './format';
export { formatDayMonth, numberSeparators } from './language-format';
export type { NumberSeparators } from './language-format';
export { lostProfitRibbon } from './lost-profit';
export type { LostProfitRibbon, LostProfitTier } from './lost-profit';
export {
  DEFAULT_CURRENCY_PRECISION,
  decimalPlaces,
  resolvePrecision,
  roundToPrecision,
} from './precision';
export { computeTax, TAX_DECIMALS } from './tax';
export type { TaxResult, TaxTier } from './tax';
export { optionalDecimal, positiveDecimal } from './values';
export type { DecimalInput } from './values';
