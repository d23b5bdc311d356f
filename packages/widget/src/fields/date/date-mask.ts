import { latinDigits } from '@cashdesk/domain';

/**
 * SPEC §5 date display DD.MM.YYYY: the digits typed, with the dots put in after the day and the
 * month once more digits follow (so backspace never fights a dot), at most 8 digits.
 */
export function maskDateInput(text: string): string {
  const digits = latinDigits(text).replace(/\D/g, '').slice(0, 8);
  const day = digits.slice(0, 2);
  const month = digits.slice(2, 4);
  const year = digits.slice(4);
  if (digits.length <= 2) return day;
  if (digits.length <= 4) return `${day}.${month}`;
  return `${day}.${month}.${year}`;
}
