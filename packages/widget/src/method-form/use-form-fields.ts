/**
 * The field state a method page holds (SPEC §2 method page, §5 validation), shared by the deposit
 * and the withdrawal forms: the values, the errors shown, which fields the player has edited, the
 * uploaded documents, and the handlers every field gets. A field's error is shown on blur or on
 * submit and, once shown, re-checked as the player types; the first invalid field takes the focus
 * and the count of errors is announced.
 *
 * @packageDocumentation
 */
import { ERROR_CODES } from '@cashdesk/contract';
import type { ErrorDefinition } from '@cashdesk/contract';
import { MESSAGE_KEYS, SESSION_EXPIRED_CODE, fieldKind, uploadFailureKey } from '@cashdesk/domain';
import type { FieldValue, FormField } from '@cashdesk/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldContext, FieldError, UploadResult } from '../fields';
import { toFieldError } from '../fields';
import { isApiError } from '../api/http';
import type { ApiError } from '../api/http';
import { useAppDispatch } from '../store/hooks';
import { errorPopupOpened } from '../store/ui-slice';
import { announce } from '../ui/announcer';
import { errorFieldName, validateMethodForm, validateOnBlur, validateOne } from './method-form';
import type { ValidationContext } from './method-form';
import type { UploadArgs } from './upload-args';

type Errors = Readonly<Record<string, FieldError>>;

/** What the hook needs from the page. */
export interface FormFieldsOptions {
  /** The values the form starts with (read once). */
  readonly initial: () => Record<string, FieldValue>;
  /** The validation context for a set of values (SPEC §5). */
  readonly validationContext: (values: Readonly<Record<string, FieldValue>>) => ValidationContext;
  /** A value as the form keeps it (the withdrawal clamps its amount, SPEC §5). */
  readonly normalize?: (field: FormField, value: FieldValue) => FieldValue;
  /** Called after a change is kept, with the values it made (analytics events, page notices). */
  readonly onChanged?: (
    field: FormField,
    value: FieldValue,
    next: Readonly<Record<string, FieldValue>>,
  ) => void;
}

/** What a field component takes besides its context. */
export interface BoundFieldProps {
  readonly field: FormField;
  readonly value: FieldValue;
  readonly error: FieldError | null;
  readonly onChange: (value: FieldValue) => void;
  readonly onBlur: () => void;
  readonly inputRef: (element: HTMLElement | null) => void;
  readonly context: FieldContext;
}

/** An upload call of either flow (SPEC §7 deposit and withdrawal document upload). */
export type UploadCall = (
  args: UploadArgs,
) => PromiseLike<
  | { readonly data: { readonly document_id: string }; readonly error?: undefined }
  | { readonly data?: undefined; readonly error: unknown }
>;

/** Upload refusals whose own message tells the player more than SPEC §8's two upload messages. */
const OWN_MESSAGE_UPLOAD_ERRORS: readonly ErrorDefinition[] = [
  ERROR_CODES.uploadQuotaExceeded,
  ERROR_CODES.rateLimited,
];

/**
 * SPEC §8 upload errors: the limit message for a file over the limit, the general one otherwise;
 * a full document quota or too many uploads in a short time say so.
 */
export function uploadErrorKey(error: unknown): string {
  const apiError = isApiError(error) ? error : null;
  const own = OWN_MESSAGE_UPLOAD_ERRORS.find(
    (definition) => definition.code === apiError?.errorCode,
  );
  if (own !== undefined) return own.messageKey;
  return uploadFailureKey(
    { status: apiError?.status, errorCode: apiError?.errorCode ?? undefined },
    [ERROR_CODES.uploadTooLarge.code],
  );
}

/** The server's `error_field` of a failed call, if any (SPEC §8). */
function errorFieldOf(error: ApiError): string | null {
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null || !('error_field' in data)) return null;
  const field: unknown = data.error_field;
  return typeof field === 'string' ? field : null;
}

function without(errors: Errors, name: string): Record<string, FieldError> {
  const rest = { ...errors };
  Reflect.deleteProperty(rest, name);
  return rest;
}

/** SPEC §2, §5: the method form's field state and handlers (see the module comment). */
export function useFormFields(options: FormFieldsOptions) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { validationContext, normalize, onChanged } = options;
  const [values, setValues] = useState<Record<string, FieldValue>>(options.initial);
  const [errors, setErrors] = useState<Errors>({});
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set());
  const [documents, setDocuments] = useState<Readonly<Record<string, string>>>({});
  // The field elements by name, to focus the first invalid one (written by the fields' refs).
  const [elements] = useState(() => new Map<string, HTMLElement>());

  const registerElement = useCallback(
    (name: string, element: HTMLElement | null) => {
      if (element === null) elements.delete(name);
      else elements.set(name, element);
    },
    [elements],
  );

  /** Shows these errors, focuses `first` and announces how many there are. */
  const showErrors = useCallback(
    (next: Errors, first: string | null) => {
      setErrors(next);
      if (first !== null) elements.get(first)?.focus();
      announce(t('DEPOSIT_METHOD.FORM_ERRORS', { count: Object.keys(next).length }), 'assertive');
    },
    [elements, t],
  );

  /** Removes the error of one field (a choice elsewhere made it moot). */
  const clearError = useCallback((name: string) => {
    setErrors((previous) => without(previous, name));
  }, []);

  const change = (field: FormField, raw: FieldValue) => {
    const value = normalize === undefined ? raw : normalize(field, raw);
    const next = { ...values, [field.name]: value };
    setValues(next);
    setEdited((previous) =>
      previous.has(field.name) ? previous : new Set(previous).add(field.name),
    );
    if (
      fieldKind(field) === 'file_upload' &&
      (value === null || value === undefined || value === '')
    ) {
      setDocuments((previous) => {
        const rest = { ...previous };
        Reflect.deleteProperty(rest, field.name);
        return rest;
      });
    }
    // An error shown stays until the value is fixed; it is re-checked as the player types.
    if (Object.hasOwn(errors, field.name)) {
      const outcome = validateOne(field, value, validationContext(next));
      setErrors((previous) =>
        outcome.valid
          ? without(previous, field.name)
          : { ...previous, [field.name]: toFieldError(outcome.error) },
      );
    }
    onChanged?.(field, value, next);
  };

  const blur = (field: FormField) => {
    // An error the submit showed stays on a field the player only passed through: the untouched
    // value it is about has not changed (typing re-checks it, see change()).
    if (!edited.has(field.name) && Object.hasOwn(errors, field.name)) return;
    const outcome = validateOnBlur(
      field,
      values[field.name],
      edited.has(field.name),
      validationContext(values),
    );
    setErrors((previous) =>
      outcome.valid
        ? without(previous, field.name)
        : { ...previous, [field.name]: toFieldError(outcome.error) },
    );
  };

  /** The props of one field component. */
  const fieldProps = (
    field: FormField,
    context: FieldContext,
    error: FieldError | null = errors[field.name] ?? null,
  ): BoundFieldProps => ({
    field,
    value: values[field.name],
    error,
    onChange: (value: FieldValue) => {
      change(field, value);
    },
    onBlur: () => {
      blur(field);
    },
    inputRef: (element: HTMLElement | null) => {
      registerElement(field.name, element);
    },
    context,
  });

  /**
   * SPEC §2 file upload: the field's upload handler: the document is posted at once (its own
   * Idempotency-Key) and its id kept for the submit; a failure gives the field's upload message.
   */
  const uploadTo =
    (upload: UploadCall, payGroupId: string, field: FormField) =>
    async (file: File): Promise<UploadResult> => {
      const result = await upload({
        payGroupId,
        file,
        fieldName: field.name,
        idempotencyKey: crypto.randomUUID(),
      });
      if (result.data !== undefined) {
        const documentId = result.data.document_id;
        setDocuments((previous) => ({ ...previous, [field.name]: documentId }));
        return { ok: true };
      }
      return { ok: false, errorKey: uploadErrorKey(result.error) };
    };

  /**
   * SPEC §8: a failed submit: code 17 is the session's (the store expires it, no popup); no
   * answer opens the network popup; an error naming a shown field goes on that field; anything
   * else opens the error popup with the server's code and message.
   */
  const showSubmitFailure = (error: ApiError, shown: readonly FormField[]) => {
    if (error.errorCode === SESSION_EXPIRED_CODE) return;
    if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') {
      dispatch(errorPopupOpened({ message: 'DEPOSIT_METHOD.NETWORK_ERROR' }));
      return;
    }
    const name = errorFieldName(errorFieldOf(error), shown);
    if (name !== null) {
      showErrors({ [name]: { key: error.errorMessage ?? MESSAGE_KEYS.fieldHasError } }, name);
      return;
    }
    dispatch(errorPopupOpened({ errorCode: error.errorCode, message: error.errorMessage }));
  };

  /**
   * SPEC §4, §5 on submit: validates the amount and every shown field; when something fails,
   * shows every error, focuses the first and says false.
   */
  const validateShown = (shown: readonly FormField[]): boolean => {
    const context = validationContext(values);
    const validation = validateMethodForm(context.form, shown, context);
    if (validation.valid) return true;
    const next: Record<string, FieldError> = {};
    for (const [name, error] of Object.entries(validation.errors)) next[name] = toFieldError(error);
    showErrors(next, validation.firstInvalidField);
    return false;
  };

  return {
    values,
    validateShown,
    showSubmitFailure,
    setValues,
    errors,
    setErrors,
    documents,
    showErrors,
    clearError,
    fieldProps,
    uploadTo,
  };
}
