import { INVALID_DATE_MESSAGE } from '@cashdesk/domain';
import type { TFunction } from 'i18next';
import { isolateParams } from '../../i18n/format';
import type { FieldError } from '../types';

/** The key of the translated "Invalid date" text (SPEC §5 date): the domain's literal is English. */
export const INVALID_DATE_KEY = 'FIELDS.DATE.INVALID';

/**
 * SPEC §5, §8: the text of a field error in the current language. A rule's own message is used
 * as-is (SPEC §5), except the domain's English "Invalid date", which has a translation of its own.
 */
export function errorText(t: TFunction, error: FieldError): string {
  if (error.message === INVALID_DATE_MESSAGE) return t(INVALID_DATE_KEY);
  if (error.message !== undefined && error.message !== '') return error.message;
  // Amounts and limits in the parameters keep their order in right-to-left texts (SPEC §1).
  return t(error.key, isolateParams(error.params));
}
