/**
 * The error popup state (SPEC §3 other state, §8): a code that defaults to "0" and a message.
 *
 * @packageDocumentation
 */
/** SPEC §3, §8: the code shown when an error has none. */
export const DEFAULT_ERROR_CODE = '0';

/** SPEC §3: the error the popup shows. */
export interface ErrorPopupError {
  readonly errorCode: string;
  readonly message: string;
}

/** SPEC §3: the popup state. */
export interface ErrorPopupState {
  readonly isOpen: boolean;
  readonly error: ErrorPopupError;
}

/** SPEC §3: the closed popup with the default code and no message. */
export const INITIAL_ERROR_POPUP: ErrorPopupState = {
  isOpen: false,
  error: { errorCode: DEFAULT_ERROR_CODE, message: '' },
};

/** SPEC §8: what opening the popup takes. */
export interface ErrorPopupInput {
  readonly errorCode?: string | number | null | undefined;
  readonly message?: string | null | undefined;
}

/**
 * SPEC §8: the open popup. A missing, blank or non-finite code becomes "0"; a missing message
 * becomes empty (the widget then shows its generic text).
 */
export function openErrorPopup(input: ErrorPopupInput): ErrorPopupState {
  const raw = input.errorCode;
  const code =
    typeof raw === 'number' ? (Number.isFinite(raw) ? String(raw) : '') : (raw ?? '').trim();
  return {
    isOpen: true,
    error: {
      errorCode: code === '' ? DEFAULT_ERROR_CODE : code,
      message: input.message?.trim() ?? '',
    },
  };
}

/** SPEC §8: closes the popup; the error stays so a closing animation can still show it. */
export function closeErrorPopup(state: ErrorPopupState): ErrorPopupState {
  return { isOpen: false, error: state.error };
}
