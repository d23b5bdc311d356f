/**
 * Data attributes of the body element (SPEC §2) and the text direction of a language.
 *
 * @packageDocumentation
 */

/**
 * SPEC §1, §2: languages written right to left (ISO 639 codes): Arabic, Aramaic, Central Kurdish
 * (Sorani), Dhivehi, Persian, Hebrew (and its legacy code iw), Kashmiri, Pashto, Sindhi, Uyghur,
 * Urdu, Yiddish. Northern Kurdish (ku) is written in Latin script and stays left to right.
 */
export const RTL_LANGUAGES = [
  'ar',
  'arc',
  'ckb',
  'dv',
  'fa',
  'he',
  'iw',
  'ks',
  'ps',
  'sd',
  'ug',
  'ur',
  'yi',
] as const;

/** SPEC §2: text direction. */
export type TextDirection = 'rtl' | 'ltr';

/**
 * SPEC §2: the text direction of a language. Accepts a bare code (`ar`), the lang-brand form
 * (`ar-XX`) or a locale (`fa_IR`); only the part before the first `-` or `_` counts.
 */
export function textDirection(
  lang: string | null | undefined,
  rtlLanguages: readonly string[] = RTL_LANGUAGES,
): TextDirection {
  const code = (lang ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return rtlLanguages.includes(code) ? 'rtl' : 'ltr';
}

/** SPEC §2: what {@link bodyDataAttributes} reads. */
export interface BodyDataInput {
  readonly currency?: string | null | undefined;
  readonly payGroupId?: string | number | null | undefined;
  /** The theme the host defined (query or stored), as given. */
  readonly definedTheme?: string | null | undefined;
  /** The theme in use. */
  readonly themeName: string;
  /** The language, used for the direction. */
  readonly lang: string | null | undefined;
  /** Right-to-left languages; default {@link RTL_LANGUAGES}. */
  readonly rtlLanguages?: readonly string[] | undefined;
}

/**
 * SPEC §2: the body's data attributes keyed as `HTMLElement.dataset` keys (`payGroupId` becomes
 * `data-pay-group-id`). Unknown or empty values are left out rather than written as empty
 * strings, so CSS selectors such as `[data-currency]` only match real values.
 */
export interface BodyDataAttributes {
  readonly currency?: string;
  readonly payGroupId?: string;
  readonly definedTheme?: string;
  readonly themeName: string;
  readonly dir: TextDirection;
}

function present(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

/** SPEC §2: builds the body data attributes; `dir` comes from the language. */
export function bodyDataAttributes(input: BodyDataInput): BodyDataAttributes {
  const currency = present(input.currency);
  const payGroupId = present(input.payGroupId);
  const definedTheme = present(input.definedTheme);
  return {
    ...(currency === null ? {} : { currency }),
    ...(payGroupId === null ? {} : { payGroupId }),
    ...(definedTheme === null ? {} : { definedTheme }),
    themeName: input.themeName,
    dir: textDirection(input.lang, input.rtlLanguages),
  };
}
