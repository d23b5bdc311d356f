/**
 * Select auto-fill of SPEC §5 "Generic fields".
 *
 * @packageDocumentation
 */
import type { FormFieldOption } from './field-types';

/**
 * SPEC §5: the option a select fills itself with: its only option, otherwise the first option
 * the server marked selected; `null` when the player has to choose. Whether to apply it over a
 * value the player already picked is the caller's choice.
 */
export function selectAutoFillOption(options: readonly FormFieldOption[]): FormFieldOption | null {
  const [first, second] = options;
  if (first !== undefined && second === undefined) return first;
  return options.find((option) => option.selected) ?? null;
}
