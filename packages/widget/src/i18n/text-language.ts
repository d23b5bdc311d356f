/**
 * The language of a text the cashier shows as the operator or a provider wrote it (a method's
 * name, a bonus description, a provider's label), so that a screen reader reads it with the right
 * voice.
 *
 * @packageDocumentation
 */
import { DEFAULT_LANGUAGE } from '@cashdesk/domain';
import type { ShippedLanguage } from '../startup/startup';

/** The letters each shipped language but the default one is written in. */
const SCRIPT_OF: Readonly<Record<Exclude<ShippedLanguage, typeof DEFAULT_LANGUAGE>, RegExp>> = {
  ar: /\p{Script=Arabic}/u,
  uk: /\p{Script=Cyrillic}/u,
};

function scriptOf(language: string): RegExp | null {
  const base = language.split('-')[0];
  return base === 'ar' || base === 'uk' ? SCRIPT_OF[base] : null;
}

/**
 * The `lang` a text of the operator's or a provider's gets on a page in `language`: none on a page
 * in the default language (SPEC §1 en), none for a text written in the page's own letters (a name
 * the operator translated) or without small letters (a code such as SBX-0001 or BIC, an amount);
 * else the default language, the one operators write in ("Crypto (QR code)" on an Arabic page is
 * English).
 *
 * @example operatorTextLang('Crypto (QR code)', 'ar') // 'en'
 * @example operatorTextLang('Криптовалюта', 'uk') // undefined
 */
export function operatorTextLang(text: string, language: string): string | undefined {
  if (language.split('-')[0] === DEFAULT_LANGUAGE) return undefined;
  if (scriptOf(language)?.test(text) === true) return undefined;
  return /\p{Ll}/u.test(text) ? DEFAULT_LANGUAGE : undefined;
}
