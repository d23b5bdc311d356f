/**
 * SPEC §3 one-time code {isOTPEnabled, code, fieldName}, §4 "the code is placed into the field
 * named by fieldName", §7 `POST payments/groups/{paygroup_id}/otp`: a payment form whose fields
 * include a requisite marked `isOtpRequisites` (the phone or address a code is sent to) is
 * confirmed by a code the player asks for and types into another field of the form.
 *
 * Which field takes the code is not on the wire (SPEC §3 names it only in the state), so it is
 * decided here, once, for the widget (where it offers "send a code") and the server (which field
 * a send may name): the first plain text field after the requisite; failing that, the first one
 * before it. Card data, check boxes, selects, uploads and read-only fields never take a code.
 *
 * @packageDocumentation
 */
import { fieldKind } from './field-kind';
import type { FormField } from './field-types';

/** The requisite a one-time code is sent to (the first field marked isOtpRequisites), if any. */
export function otpRequisiteField<F extends Pick<FormField, 'isOtpRequisites'>>(
  fields: readonly F[],
): F | undefined {
  return fields.find((field) => field.isOtpRequisites);
}

/** Whether `field` can take a typed code: a plain, editable text input other than the requisite. */
function takesCode(
  field: Pick<FormField, 'name' | 'type' | 'extendedType' | 'isDisabled' | 'isOtpRequisites'>,
): boolean {
  return !field.isOtpRequisites && !field.isDisabled && fieldKind(field) === 'input';
}

/**
 * SPEC §3 one-time code `fieldName`: the field of `fields` the code is typed into, or undefined
 * when the form has no requisite (no code is asked) or no field that could take one.
 */
export function otpCodeField<
  F extends Pick<FormField, 'name' | 'type' | 'extendedType' | 'isDisabled' | 'isOtpRequisites'>,
>(fields: readonly F[]): F | undefined {
  const requisiteIndex = fields.findIndex((field) => field.isOtpRequisites);
  if (requisiteIndex < 0) return undefined;
  return (
    fields.slice(requisiteIndex + 1).find(takesCode) ??
    fields.slice(0, requisiteIndex).find(takesCode)
  );
}
