import { UNKNOWN_PHONE_COUNTRY } from '@cashdesk/domain';

const REGIONAL_INDICATOR_A = 0x1f1e6;

/**
 * The flag of an ISO 3166 alpha-2 code as its emoji (two regional indicator letters), so no
 * image is requested per country; the unknown country (UN) shows a white flag.
 */
export function flagEmoji(iso: string): string {
  const code = iso.trim().toUpperCase();
  if (code === UNKNOWN_PHONE_COUNTRY || !/^[A-Z]{2}$/.test(code)) return '🏳';
  return String.fromCodePoint(
    ...Array.from(code, (letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65),
  );
}

/**
 * A country's name in the current language (Intl.DisplayNames), else the table's English name.
 */
export function countryName(iso: string, language: string, fallback: string): string {
  try {
    return (
      new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(iso) ?? fallback
    );
  } catch {
    return fallback;
  }
}
