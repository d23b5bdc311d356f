/**
 * The hand-over from a method page to the display form (SPEC §2 /deposit/deposit-display-form):
 * besides the pay session the next screen reads, what the player chose on the form, so the QR page
 * says what it is for ("Crypto (QR code)", network Bitcoin: paying on another network loses the
 * money). The history's "Continue" hands over the method's name only; what was chosen on the form
 * is not kept with the payment.
 *
 * @packageDocumentation
 */
import type { FieldValue, FormField } from '@cashdesk/domain';

/** One choice of the form: the field's label (a translation key or text) and the option's. */
export interface FormChoice {
  readonly label: string;
  readonly value: string;
}

/** What the display form shows of how it was reached, besides the pay session. */
export interface DisplayFormOrigin {
  /** The method's name as the server sent it. */
  readonly methodName?: string;
  readonly choices?: readonly FormChoice[];
}

function optionLabel(value: FieldValue): string | null {
  if (typeof value !== 'object' || value === null) return null;
  return value.label === '' ? null : value.label;
}

/**
 * The options the player chose on the form's shown fields (selects, pickers), in the form's order,
 * labelled by their fields.
 */
export function formChoices(
  shown: readonly Pick<FormField, 'name' | 'label'>[],
  values: Readonly<Record<string, FieldValue>>,
): readonly FormChoice[] {
  return shown.flatMap((field) => {
    const chosen = optionLabel(values[field.name]);
    const label = field.label ?? '';
    return chosen === null || label === '' ? [] : [{ label, value: chosen }];
  });
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null;
}

/** Reads {@link DisplayFormOrigin} from router state; what is not well formed is left out. */
export function readDisplayFormOrigin(state: unknown): DisplayFormOrigin {
  if (!isRecord(state)) return {};
  const name = state.methodName;
  const choices = Array.isArray(state.choices)
    ? state.choices.flatMap((choice: unknown): FormChoice[] =>
        isRecord(choice) && typeof choice.label === 'string' && typeof choice.value === 'string'
          ? [{ label: choice.label, value: choice.value }]
          : [],
      )
    : [];
  return {
    ...(typeof name === 'string' && name !== '' ? { methodName: name } : {}),
    ...(choices.length === 0 ? {} : { choices }),
  };
}
