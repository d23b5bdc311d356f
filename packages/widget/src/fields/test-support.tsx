/**
 * Test helpers of the field kinds: a stateful harness around the controlled FieldView, field
 * definitions through the domain's own mapping, and the current translation of a key (so tests
 * hold whether or not the shared message file already translates it).
 */
import { mapField } from '@cashdesk/domain';
import type { FieldValue, FormField, ReceivedField } from '@cashdesk/domain';
import { useState } from 'react';
import type { ShippedLanguage } from '../startup/startup';
import { createI18n } from '../i18n/i18n';
import { FieldView } from './field-view';
import type { FieldContext, FieldError } from './types';

/** A deposit in euros, 2 decimals. */
export const EUR_CONTEXT: FieldContext = { currency: 'EUR', precision: 2, flow: 'deposit' };

/** A mapped form field from its wire definition (SPEC §3). */
export function field(received: ReceivedField): FormField {
  return mapField(received);
}

export interface HarnessProps {
  readonly field: FormField;
  readonly initial?: FieldValue;
  readonly error?: FieldError | null;
  readonly context?: FieldContext;
  readonly onValue?: (value: FieldValue) => void;
  readonly onBlur?: () => void;
}

/** Holds the value like the method page does, so typing goes through the field's formatting. */
export function Harness({
  field: definition,
  initial,
  error = null,
  context = EUR_CONTEXT,
  onValue,
  onBlur,
}: HarnessProps) {
  const [value, setValue] = useState<FieldValue>(initial);
  return (
    <FieldView
      field={definition}
      value={value}
      error={error}
      context={context}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
      onBlur={() => {
        onBlur?.();
      }}
    />
  );
}

/** The text of `key` in `language` as the app translates it. */
export async function textOf(
  key: string,
  params: Record<string, string> = {},
  language: ShippedLanguage = 'en',
): Promise<string> {
  const i18n = await createI18n(language);
  return i18n.t(key, params);
}
