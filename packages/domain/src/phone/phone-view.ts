/**
 * What the two phone field kinds of SPEC §2 show: the phone field with a country flag, and the
 * read-only visible phone from the profile (SPEC §5, §8).
 *
 * @packageDocumentation
 */
import type { Country } from '../countries/country';
import type { PhoneCountryOptions } from './detect';
import { UNKNOWN_PHONE_COUNTRY, defaultPhoneCountry, splitPhoneNumber } from './detect';
import { formatPhoneNumber, selectPhoneMask } from './mask';
import { sanitizePhoneInput } from './sanitize';

/** SPEC §5: options of {@link describePhone}, detection data plus the user's country. */
export interface DescribePhoneOptions extends PhoneCountryOptions {
  /** The user's country (alpha-2, any case): the flag while the field holds no digits. */
  readonly userCountryIso?: string | null | undefined;
}

/** What the phone field with a flag shows (SPEC §5). */
export interface PhoneView {
  /** The sanitised value (digits and a leading plus). */
  readonly value: string;
  /** The country of the flag, `null` when unknown. */
  readonly country: Country | null;
  /** The flag's alpha-2 code; `UN` when no country is known. */
  readonly flagIso: string;
  /** The mask for the national digits typed so far, `null` without a country or masks. */
  readonly mask: string | null;
  /** The value as shown, `+code national` in the mask; `''` while there are no digits. */
  readonly display: string;
}

/**
 * SPEC §5 phone field: the flag, mask and display of a value. With digits, the country is the
 * one detected by the longest code (`UN` when none matches); with no digits yet, the default
 * country is the user's (`UN` when that is unknown too). The mask is chosen by the count of
 * digits after the code.
 */
export function describePhone(value: string, options: DescribePhoneOptions = {}): PhoneView {
  const sanitized = sanitizePhoneInput(value).value;
  const parts = splitPhoneNumber(sanitized, options);
  const hasDigits = sanitized.replace('+', '') !== '';
  const country = hasDigits
    ? parts.country
    : defaultPhoneCountry(options.userCountryIso, options.countries);
  const mask =
    parts.country === null
      ? null
      : selectPhoneMask(parts.country.telephoneMasks, parts.national.length);
  return {
    value: sanitized,
    country,
    flagIso: country?.iso ?? UNKNOWN_PHONE_COUNTRY,
    mask,
    display: formatPhoneNumber(sanitized, options),
  };
}

/** SPEC §5: input of {@link visiblePhoneField}. */
export interface VisiblePhoneInput {
  /** The phone number stored in the player's profile. */
  readonly profilePhone?: string | null | undefined;
  /** The phone error string the server gave for the profile, if any. */
  readonly phoneError?: string | null | undefined;
  /**
   * What to show as the empty-phone-in-profile error (a message key or text of the brand's
   * translations); when left out, the phone error string itself is shown.
   */
  readonly emptyPhoneMessage?: string | null | undefined;
}

/** What the read-only visible-phone field shows (SPEC §2, §5). */
export interface VisiblePhoneView {
  /** The profile phone, formatted; `''` when the profile has none. */
  readonly display: string;
  /** The empty-phone-in-profile error to show, or `null` to show none. */
  readonly error: string | null;
}

/**
 * SPEC §5 ("The visible-phone field shows an empty-phone-in-profile error when a phone error
 * string exists"), SPEC §8 ("Empty profile phone: error message"): the error shows exactly when
 * `phoneError` is a non-blank string, as `emptyPhoneMessage` when given, else the error string.
 * An empty profile phone without an error string shows no error: the spec ties the message to
 * the error string, not to the phone. The phone itself is formatted like the phone field.
 */
export function visiblePhoneField(
  input: VisiblePhoneInput,
  options: PhoneCountryOptions = {},
): VisiblePhoneView {
  const phone = typeof input.profilePhone === 'string' ? input.profilePhone : '';
  const phoneError = typeof input.phoneError === 'string' ? input.phoneError.trim() : '';
  const custom = typeof input.emptyPhoneMessage === 'string' ? input.emptyPhoneMessage.trim() : '';
  let error: string | null = null;
  if (phoneError !== '') error = custom === '' ? phoneError : custom;
  return { display: formatPhoneNumber(phone, options), error };
}
