/**
 * The language-to-flag rule of SPEC §3: a language picker shows a country flag, and a language
 * code is not a country code.
 *
 * @packageDocumentation
 */

/**
 * SPEC §3: language codes whose flag is another country's code. The spec names uk -> ua,
 * hi -> in and en -> us. The rest follow the same idea for ISO 639-1 codes that would otherwise
 * show no flag or, worse, a different country's flag (sv is El Salvador, ar Argentina, be
 * Belgium, ms Montserrat, vi the US Virgin Islands): each maps to the country most associated
 * with the language. Arabic maps to Saudi Arabia (sa), the usual choice of language pickers.
 */
export const LANGUAGE_FLAG_EXCEPTIONS: Readonly<Record<string, string>> = {
  en: 'us',
  hi: 'in',
  uk: 'ua',
  af: 'za',
  am: 'et',
  ar: 'sa',
  be: 'by',
  bn: 'bd',
  bs: 'ba',
  ca: 'es',
  cs: 'cz',
  da: 'dk',
  el: 'gr',
  et: 'ee',
  fa: 'ir',
  fil: 'ph',
  ga: 'ie',
  he: 'il',
  hy: 'am',
  ja: 'jp',
  ka: 'ge',
  kk: 'kz',
  km: 'kh',
  ko: 'kr',
  ky: 'kg',
  lo: 'la',
  ms: 'my',
  my: 'mm',
  nb: 'no',
  ne: 'np',
  nn: 'no',
  ps: 'af',
  si: 'lk',
  sl: 'si',
  sq: 'al',
  sr: 'rs',
  sv: 'se',
  sw: 'tz',
  ta: 'in',
  tg: 'tj',
  tk: 'tm',
  tl: 'ph',
  ur: 'pk',
  vi: 'vn',
  zh: 'cn',
};

/**
 * SPEC §3 ("Language codes map to flags (uk to ua, hi to in, en to us)"): the lower-case code
 * of the flag shown for a language. Only the primary subtag counts, so `'en-GB'`, `'en_XX'` and
 * `'EN'` all give `'us'` (the product's lang parameter is language-brand, not language-region).
 * A code in `exceptions` (default {@link LANGUAGE_FLAG_EXCEPTIONS}) maps to its flag, any other
 * code to itself; blank input gives `''`.
 */
export function languageToFlag(
  language: string | null | undefined,
  exceptions: Readonly<Record<string, string>> = LANGUAGE_FLAG_EXCEPTIONS,
): string {
  if (typeof language !== 'string') return '';
  const primary = language
    .trim()
    .toLowerCase()
    .replace(/[-_].*$/s, '');
  // hasOwn keeps inherited names such as "constructor" from reading the prototype.
  const flag = Object.hasOwn(exceptions, primary) ? exceptions[primary] : undefined;
  return flag ?? primary;
}
