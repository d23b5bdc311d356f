/**
 * Dynamic form fields (SPEC §3 field definitions and kinds, SPEC §5 generic, date and upload
 * rules, SPEC §3 submit payloads). Exports are listed by name.
 *
 * @packageDocumentation
 */
export { DATA_TYPES, EXTENDED_TYPES, FIELD_TYPES } from './field-enums';
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
export { mapField, mapFields } from './map-field';
export { EXPIRATION_DATE_FIELD_NAME, SAVE_CARD_FIELD_NAME, fieldKind } from './field-kind';
export { createAmountField, createCvvField } from './generated-fields';
export type { AmountFieldParams } from './generated-fields';

export type { InvalidPatternPolicy } from './field-pattern';
export { isEmptyValue, validateField } from './field-validation';
export type { FieldRules, FieldValidationOptions, RuleSpec } from './field-validation';
export { formatCounter, isFieldErrorShown, isFieldHintShown } from './text-field-display';
export type { CounterOptions } from './text-field-display';
export { selectAutoFillOption } from './select-auto-fill';
export { otpCodeField, otpRequisiteField } from './one-time-code';
export {
  INVALID_DATE_ERROR,
  INVALID_DATE_MESSAGE,
  formatDisplayDate,
  normalizeInitialDate,
  parseDisplayDate,
} from './date-field';
export type { DateParseResult } from './date-field';
export {
  FILE_SNIFF_BYTES,
  checkFileUpload,
  declaredFileType,
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

export type { FieldValidator, FormValidation, FormValidationOptions } from './validate-form';
export {
  isCardholderNameField,
  validateSubmittedField,
  validateSubmittedForm,
} from './submit-rules';
export type { SubmitRuleContext } from './submit-rules';
