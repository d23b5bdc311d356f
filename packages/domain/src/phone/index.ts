/**
 * Phone rules of SPEC §5: sanitising, country detection, masks, validation, country picking and
 * what the phone fields show.
 *
 * @packageDocumentation
 */
export { UNKNOWN_PHONE_COUNTRY } from './detect';
export type { PhoneCountryOptions, PhoneParts } from './detect';

export { describePhone, visiblePhoneField } from './phone-view';
export type {
  DescribePhoneOptions,
  PhoneView,
  VisiblePhoneInput,
  VisiblePhoneView,
} from './phone-view';
export { pickPhoneCountry } from './pick';
export type { PickPhoneCountryOptions, PickedPhone } from './pick';
export { sanitizePhoneInput } from './sanitize';
export type { SanitizedPhone } from './sanitize';

export type { PhoneRules } from './validate';
