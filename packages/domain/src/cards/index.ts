/**
 * Card rules of SPEC §4 and §5: card types, number, CVV, expiry and cardholder name checks and
 * formatting, and the saved-card form variants.
 *
 * @packageDocumentation
 */
export {
  CARD_TYPE,
  CARD_TYPE_IDS,
  alternateCardType,
  cardTypeInfo,
  configureCardTypes,
  detectCardType,
} from './card-types';
export type { CardTypeId, CardTypeInfo } from './card-types';
export {
  CARD_NUMBER_STRICT_FROM_DIGITS,
  checkCardNumber,
  formatCardNumberInput,
  unformatCardNumber,
  validateCardNumberOnBlur,
  validateCardNumberOnSubmit,
} from './card-number';
export type { CardNumberCheck, CardNumberOptions } from './card-number';
export { cleanCardholderName, validateCardholderName } from './cardholder-name';
export type { CardholderNameOptions } from './cardholder-name';
export { checkCvv, cvvLengths, formatCvvInput, validateCvv } from './cvv';
export type { CvvCheck, CvvOptions } from './cvv';
export {
  expiryFullYear,
  formatExpiryInput,
  splitExpiry,
  validateExpiry,
  validateExpiryParts,
} from './expiry';
export type {
  ExpiryMessageKeys,
  ExpiryOptions,
  ExpiryParts,
  ExpiryPatterns,
  TwoDigitYearRule,
} from './expiry';
export { luhnCheck, luhnCheckDigit } from './luhn';
export {
  cardFormLayout,
  cvvRequirement,
  isSavedCardChosen,
  isSavedCardExpired,
  maskSavedCard,
  removeCard,
  savedCardId,
  savedCardType,
} from './saved-cards';
export type {
  CardFormInput,
  CardFormLayout,
  CardFormVariant,
  CvvReason,
  CvvRequirement,
  MaskOptions,
  SavedCard,
} from './saved-cards';
