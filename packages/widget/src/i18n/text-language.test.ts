import { describe, expect, it } from 'vitest';
import { operatorTextLang } from './text-language';

describe("the language of the operator's and providers' texts (method names, labels)", () => {
  it.each([
    // An English name on an Arabic or Ukrainian page is read with an English voice.
    ['Crypto (QR code)', 'ar', 'en'],
    ['Visa / Mastercard', 'uk', 'en'],
    // A name the operator wrote in the page's language needs no mark.
    ['تحويل مصرفي', 'ar', undefined],
    ['Банківський переказ', 'uk', undefined],
    // On an English page, and for a text without letters, nothing.
    ['Crypto (QR code)', 'en', undefined],
    ['SBX-0001 / 2030', 'ar', undefined],
  ])('%s on a %s page: lang %s', (text, language, lang) => {
    expect(operatorTextLang(text, language)).toBe(lang);
  });
});
