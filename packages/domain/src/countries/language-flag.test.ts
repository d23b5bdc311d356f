import { describe, expect, it } from 'vitest';
import { LANGUAGE_FLAG_EXCEPTIONS, languageToFlag } from './language-flag';

describe('language code to flag (SPEC §3)', () => {
  it.each([
    // The three the spec names.
    ['uk', 'ua'],
    ['hi', 'in'],
    ['en', 'us'],
    // Codes that would show another country's flag.
    ['sv', 'se'],
    ['ar', 'sa'],
    ['be', 'by'],
    ['vi', 'vn'],
    ['ka', 'ge'],
    ['kk', 'kz'],
    ['zh', 'cn'],
    // Codes that are their own flag.
    ['de', 'de'],
    ['ru', 'ru'],
    ['pt', 'pt'],
    ['tr', 'tr'],
    // Normalising: case, spaces, region or brand subtag.
    ['EN', 'us'],
    [' uk ', 'ua'],
    ['en-GB', 'us'],
    ['en_XX', 'us'],
    ['pt-BR', 'pt'],
    // Blank and odd input.
    ['', ''],
    ['   ', ''],
    [null, ''],
    [undefined, ''],
    ['constructor', 'constructor'],
  ])('%j shows the flag %j', (language, flag) => {
    expect(languageToFlag(language)).toBe(flag);
  });

  it('takes the exceptions as a parameter (SPEC §3)', () => {
    expect(languageToFlag('en', { en: 'gb' })).toBe('gb');
    expect(languageToFlag('uk', { en: 'gb' })).toBe('uk');
  });

  it('maps only to two-letter lower-case flags', () => {
    for (const flag of Object.values(LANGUAGE_FLAG_EXCEPTIONS)) expect(flag).toMatch(/^[a-z]{2}$/);
  });
});
