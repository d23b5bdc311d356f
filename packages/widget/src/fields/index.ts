/**
 * The form fields of SPEC §2 "Fields on method forms": one component per field kind, chosen by
 * the domain's fieldKind, plus the amount summary and the /select-country overlay.
 *
 * @packageDocumentation
 */
export { FieldView } from './field-view';
export { useFieldCode } from './field-code';
export { AmountSummary } from './amount/amount-summary';
export { amountCharged } from './amount/summary-lines';
export { toFieldError } from './to-field-error';
export { SavedCardSummary, useSavedCardName } from './saved-card/saved-card-summary';
export type {
  FieldContext,
  FieldError,
  FieldViewProps,
  ProcessingCurrency,
  UploadResult,
} from './types';
