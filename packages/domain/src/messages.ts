/**
 * Message keys of SPEC §8. Every user-facing error the rules produce names one of these; the
 * widget translates them and the server sends them as error_message keys.
 *
 * @packageDocumentation
 */

/** SPEC §8: field and amount message keys. */
export const MESSAGE_KEYS = {
  fieldRequired: 'PH.ERROR.FIELD_REQUIRED',
  fieldHasError: 'PH.ERROR.FIELD_HAS_ERROR',
  incorrectCardNumber: 'PH.ERROR.INCORRECT_CARD_NUMBER',
  incorrectCvv: 'PH.ERROR.INCORRECT_CVV',
  incorrectExpDate: 'PH.ERROR.INCORRECT_EXP_DATE',
  incorrectAmount: 'PH.DEPOSIT.ERROR.INCORRECT_AMOUNT',
  withdrawalBalance: 'CASHIER.PH2.ERROR_MESSAGE.1206',
  sessionExpired: 'CASHIER.PH2.ERROR_MESSAGE.17',
  restrictUntilBig: 'CASHIER.RESTRICT_UNTIL_TEXT_BIG',
  restrictUntilMid: 'CASHIER.RESTRICT_UNTIL_TEXT_MID',
  restrictUntilSmall: 'CASHIER.RESTRICT_UNTIL_TEXT_SMALL',
  minLimitInfo: 'PH.MIN_LIMIT_INFO_TEXT',
  tooltipCvvTitle: 'PH.TOOLTIP.CVV.TITLE',
  tooltipCvvBody: 'PH.TOOLTIP.CVV.BODY',
  buttonAccept: 'PH.BUTTON.ACCEPT',
  uploadLimitError: 'PH.DEPOSIT.UPLOAD_DOC.LIMIT_UPLOAD_ERROR',
  uploadError: 'PH.DEPOSIT.UPLOAD_DOC.UPLOAD_ERROR',
} as const;

/** Any message key of {@link MESSAGE_KEYS}. */
export type MessageKey = (typeof MESSAGE_KEYS)[keyof typeof MESSAGE_KEYS];

/**
 * A translatable error: a message key plus the values it interpolates (already formatted, so
 * the translation layer never formats money itself). A rule's own message, when the server gave
 * one, travels in `message` and is shown as-is (SPEC §5).
 */
export interface RuleError {
  readonly key: string;
  readonly params?: Readonly<Record<string, string>>;
  readonly message?: string;
}

/** The outcome of a validation rule: valid, or invalid with one translatable error. */
export type Validation =
  { readonly valid: true } | { readonly valid: false; readonly error: RuleError };

/** The valid outcome, shared so callers can compare by identity if they like. */
export const VALID: Validation = { valid: true };

/** Builds an invalid outcome. */
export function invalid(key: string, params?: Readonly<Record<string, string>>): Validation {
  return params === undefined
    ? { valid: false, error: { key } }
    : { valid: false, error: { key, params } };
}
