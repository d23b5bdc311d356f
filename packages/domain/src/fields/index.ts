/**
 * Dynamic form fields (SPEC §3 field definitions and kinds, SPEC §5 generic, date and upload
 * rules, SPEC §3 submit payloads). Exports are listed by name.
 *
 * @packageDocumentation
 */
export {
  BANK_EXTENDED_TYPES,
  CARD_DATA_EXTENDED_TYPES,
  DATA_TYPES,
  EXTENDED_TYPES,
  FIELD_KINDS,
  FIELD_TYPES,
  FLOW_TYPES,
  PHONE_EXTENDED_TYPES,
} from './field-enums';
export type { DataType, ExtendedType, FieldKind, FieldType, FlowType } from './field-enums';
export type {
  FieldLimits,
  FieldValue,
  FormField,
  FormFieldOption,
  FormValues,
  MonthYear,
  ReceivedField,
  ReceivedFieldLimits,
  ReceivedFieldOption,
  ReceivedMonthYear,
  ReceivedWithdrawalField,
  WireNumeric,
} from './field-types';
export {
  mapField,
  mapFields,
  mapLimits,
  toDataType,
  toExtendedType,
  toFieldType,
  toFlowType,
} from './map-field';
export {
  CVV_FIELD_NAME,
  EXPIRATION_DATE_FIELD_NAME,
  SAVE_CARD_FIELD_NAME,
  fieldKind,
} from './field-kind';
export { createAmountField, createCvvField } from './generated-fields';
export type { AmountFieldParams } from './generated-fields';
export {
  DEFAULT_INVALID_PATTERN_POLICY,
  compileFieldPattern,
  matchesFieldPattern,
} from './field-pattern';
export type { InvalidPatternPolicy } from './field-pattern';
export {
  fieldRules,
  isEmptyValue,
  isPostalCodeField,
  validateField,
  validateValue,
} from './field-validation';
export type { FieldRules, FieldValidationOptions, RuleSpec } from './field-validation';
export { formatCounter, isFieldErrorShown, isFieldHintShown } from './text-field-display';
export type { CounterOptions } from './text-field-display';
export { selectAutoFillOption } from './select-auto-fill';
export { otpCodeField, otpRequisiteField } from './one-time-code';
export {
  DATE_DISPLAY_FORMAT,
  DATE_ONLY_FORMAT,
  INVALID_DATE_ERROR,
  INVALID_DATE_MESSAGE,
  ensureDatePlugins,
  formatDisplayDate,
  normalizeInitialDate,
  parseDisplayDate,
  toIsoDate,
} from './date-field';
export type { DateParseResult } from './date-field';
export {
  FILE_SNIFF_BYTES,
  checkFileUpload,
  declaredFileType,
  sniffFileType,
  uploadFailureKey,
} from './file-upload';
export type {
  AcceptedFileType,
  FileCandidate,
  FileCheck,
  FileRejectionReason,
  FileUploadLimits,
  UploadFailure,
} from './file-upload';
export { buildBrowserData } from './browser-data';
export type { BrowserData, BrowserEnvironment } from './browser-data';
export {
  CARD_PARAMETER_NAMES,
  CARD_SUBMIT_PARAMETER_NAMES,
  buildDepositSubmitBody,
  buildPaymentRequestPayload,
  buildSubmitParameters,
  depositFormDefaults,
  formatExpiry,
} from './submit-payload';
export type {
  CardSubmitValues,
  DefaultCard,
  DepositFormDefaults,
  DepositSubmitBody,
  DepositSubmitInput,
  PaymentCardData,
  PaymentRequestInput,
  PaymentRequestPayload,
  PayloadResult,
  PayloadValue,
  SubmitFieldsInput,
  SubmitFlow,
  SubmitParameters,
} from './submit-payload';
export { validateForm } from './validate-form';
export type { FieldValidator, FormValidation, FormValidationOptions } from './validate-form';
export {
  isCardholderNameField,
  submitValidators,
  validateSubmittedField,
  validateSubmittedForm,
} from './submit-rules';
export type { SubmitRuleContext } from './submit-rules';
