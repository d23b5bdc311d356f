/// <reference types="vite/client" />
import { languageToFlag } from '@cashdesk/domain';

const FLAG_FOLDER = '../../../node_modules/country-flag-icons/3x2/';

/**
 * Every country's flag as an SVG file of country-flag-icons (MIT), emitted as its own asset: the
 * page fetches only the flags of the languages it offers.
 */
const FLAG_FILES = import.meta.glob<string>('../../../node_modules/country-flag-icons/3x2/*.svg', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

/**
 * SPEC §3 ("Language codes map to flags (uk to ua, hi to in, en to us)", the domain's
 * languageToFlag): the address of the SVG flag shown beside a language, or null when
 * the language has no flag.
 */
export function languageFlagUrl(lang: string): string | null {
  const iso = languageToFlag(lang).toUpperCase();
  if (!/^[A-Z]{2}$/.test(iso)) return null;
  return FLAG_FILES[`${FLAG_FOLDER}${iso}.svg`] ?? null;
}

/**
 * Puts each language button's flag before (above) its name, as a decorative image (the name says the
 * language; a flag is not a language, so it is only a mark that helps the eye find it).
 */
export function showLanguageFlags(buttons: Iterable<HTMLElement>): void {
  for (const button of buttons) {
    const url = languageFlagUrl(button.dataset.lang ?? '');
    if (url === null || button.querySelector('img') !== null) continue;
    const flag = document.createElement('img');
    flag.className = 'segmented__flag';
    flag.src = url;
    flag.alt = '';
    flag.width = 21;
    flag.height = 14;
    button.prepend(flag);
  }
}
