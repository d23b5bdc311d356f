export { compareDecimal, parseDecimal, roundDecimal } from './decimal';
export type { RoundingDirection } from './decimal';
export { paymentCharges } from './charges';
export type { ChargeInput, PaymentCharges } from './charges';
export type { BonusInfo, BonusOptions, BonusResult } from './bonus';
export { convertToProcessingCurrency } from './conversion';
export type { ConvertedAmount, ProcessingCurrency } from './conversion';

export { feeDisplay } from './fee';
export type { FeeDisplay, FeeDisplayOptions, FeeOptions, MerchantUserFee } from './fee';
export { currencyDisplayFormat, formatAmount, formatMoney, groupThousands } from './format';
export type { AmountFormatOptions, CurrencyDisplayFormat, MoneyFormatOptions } from './format';
export { numberSeparators } from './language-format';
export type { NumberSeparators } from './language-format';
export { depositBonus, lostProfitRibbon } from './lost-profit';
export type { DepositOffers, LostProfitRibbon, LostProfitTier } from './lost-profit';
export { decimalPlaces, resolvePrecision, roundToPrecision } from './precision';

export type { TaxResult, TaxTier } from './tax';
export { positiveDecimal } from './values';
export type { DecimalInput } from './values';
export { weightShares } from './weight-shares';
