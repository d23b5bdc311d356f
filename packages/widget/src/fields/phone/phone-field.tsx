import {
  describePhone,
  findCountryByIso,
  isDigitChar,
  pickPhoneCountry,
  sanitizePhoneInput,
} from '@cashdesk/domain';
import { useEffect, useEffectEvent, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { FieldShell } from '../shared/field-shell';
import { TextControl } from '../shared/text-control';
import { useFieldA11y } from '../shared/use-field-a11y';
import { textOf } from '../input/input-field';
import type { FieldViewProps } from '../types';
import { CountryFlag } from './country-flag';
import { countryName } from './flag';
import { pickedCountryOf, subscribePickedCountry } from './picked-country';
import './phone.css';

const isPhoneChar = (char: string): boolean => isDigitChar(char) || char === '+';

/** The route state the phone field gives the /select-country overlay. */
export interface SelectCountryState {
  readonly phoneField: string;
  /** The country shown now, to mark it in the list. */
  readonly currentIso: string;
}

/**
 * SPEC §2 phone with country flag, §5 phone: only digits and a leading plus are kept (domain
 * sanitizePhoneInput; a second plus restarts the number), the number is shown as +code and the
 * national digits in the country's mask (describePhone/formatPhoneNumber), and the flag of the
 * country detected by the longest code (UN when none; the player's country while empty). The flag
 * button opens the /select-country overlay; the country picked there comes back through
 * picked-country.ts and replaces the code (domain pickPhoneCountry), then the field reports a blur
 * so the method page validates the new number against the pattern. The value is the sanitised
 * number ("+380501234567").
 */
export function PhoneField({
  field,
  value,
  error,
  onChange,
  onBlur,
  inputRef,
  context,
}: FieldViewProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const a11y = useFieldA11y(field, error);
  const pickedIso = useSyncExternalStore(
    (notify) => subscribePickedCountry(field.name, notify),
    () => pickedCountryOf(field.name),
  );
  const stored = textOf(value);
  const view = describePhone(stored, { userCountryIso: context.phoneCountryIso, pickedIso });
  const validateAfterPick = useRef<string | null>(null);

  const applyPick = useEffectEvent((iso: string) => {
    const country = findCountryByIso(iso);
    if (country === null) return;
    // Only the new number is taken here: the method page validates it on the blur below, with
    // the submit rules of every field (domain submitValidators).
    const picked = pickPhoneCountry(stored, country, { previous: view.country });
    validateAfterPick.current = picked.value;
    onChange(picked.value);
  });
  useEffect(() => subscribePickedCountry(field.name, applyPick), [field.name]);
  useEffect(() => {
    // The method page validates on blur against the value it holds: wait until it holds the pick.
    if (validateAfterPick.current !== null && validateAfterPick.current === stored) {
      validateAfterPick.current = null;
      onBlur();
    }
  }, [stored, onBlur]);

  const language = i18n.language;
  const flagLabel =
    view.country === null
      ? t('FIELDS.PHONE.COUNTRY_UNKNOWN')
      : t('FIELDS.PHONE.COUNTRY', {
          country: countryName(view.country.iso, language, view.country.nicename),
          code: `+${view.country.phonecode}`,
        });
  const state: SelectCountryState = { phoneField: field.name, currentIso: view.flagIso };
  return (
    <FieldShell a11y={a11y}>
      <TextControl
        a11y={a11y}
        display={view.display === '' ? view.value : view.display}
        onText={(text) => {
          onChange(sanitizePhoneInput(text).value);
        }}
        onBlur={onBlur}
        inputRef={inputRef}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={field.placeHolder === undefined ? undefined : t(field.placeHolder)}
        disabled={field.isDisabled}
        required={field.isRequired}
        isSignificant={isPhoneChar}
        ltr
        start={
          <button
            type="button"
            className="cd-icon-button cd-phone__flag"
            aria-label={flagLabel}
            disabled={field.isDisabled}
            onClick={() => {
              void navigate(`/select-country${location.search}`, {
                state: { background: location, ...state },
              });
            }}
          >
            <CountryFlag iso={view.flagIso} />
          </button>
        }
      />
    </FieldShell>
  );
}
