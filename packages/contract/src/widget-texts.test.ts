/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WIDGET_TEXT_LANGUAGES } from './schemas/operator-appearance';
import {
  overridableText,
  overridableTexts,
  textPlaceholders,
  widgetTextLanguage,
} from './widget-texts';

const LOCALES = new URL('../../widget/src/i18n/locales/', import.meta.url);

/** The widget's texts of one language, read from its locale files on disk. */
function localeTexts(language: string): Record<string, string> {
  const folder = new URL(`${language}/`, LOCALES);
  const texts: Record<string, string> = {};
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
    Object.assign(texts, JSON.parse(readFileSync(new URL(file, folder), 'utf8')));
  }
  return texts;
}

describe("the text keys a brand may override (the widget's locale files)", () => {
  it('ships the languages of the locale folders', () => {
    const folders = readdirSync(LOCALES).sort();
    expect([...WIDGET_TEXT_LANGUAGES].sort()).toEqual(folders);
  });

  it("lists every English key of the widget's locale files, with its placeholders", () => {
    const english = localeTexts('en');
    const listed = new Map(overridableTexts('en').map((entry) => [entry.key, entry]));
    expect(Object.keys(english).length).toBeGreaterThan(300);
    for (const [key, text] of Object.entries(english)) {
      expect(listed.get(key), key).toEqual({
        key,
        placeholders: textPlaceholders(text),
        defaultText: text,
      });
    }
  });

  it("gives the widget's own text of a shipped language, else the English one", () => {
    const arabic = localeTexts('ar');
    for (const entry of overridableTexts('ar')) {
      if (Object.hasOwn(arabic, entry.key)) expect(entry.defaultText).toBe(arabic[entry.key]);
    }
    const loading = (language: string) => overridableText(language, 'SHELL.LOADING')?.defaultText;
    expect(loading('ar')).toBe(arabic['SHELL.LOADING']);
    expect(loading('uk')).toBe(localeTexts('uk')['SHELL.LOADING']);
    expect(loading('de')).toBe(localeTexts('en')['SHELL.LOADING']);
    expect(widgetTextLanguage('de')).toBe('en');
    expect(widgetTextLanguage('uk')).toBe('uk');
  });

  it('lists a plural family in all six forms, with the placeholders of its English _other form', () => {
    const forms = overridableTexts('de')
      .map((entry) => entry.key)
      .filter((key) => key.startsWith('DEPOSIT_METHOD.FORM_ERRORS_'));
    expect(forms).toEqual(
      ['few', 'many', 'one', 'other', 'two', 'zero'].map(
        (form) => `DEPOSIT_METHOD.FORM_ERRORS_${form}`,
      ),
    );
    const few = overridableText('uk', 'DEPOSIT_METHOD.FORM_ERRORS_few');
    expect(few?.defaultText).toBe(localeTexts('uk')['DEPOSIT_METHOD.FORM_ERRORS_few']);
    expect(few?.placeholders).toEqual(
      textPlaceholders(localeTexts('en')['DEPOSIT_METHOD.FORM_ERRORS_other'] ?? ''),
    );
  });

  it('accepts exactly the keys it lists (the list and the check are one rule)', () => {
    for (const language of ['en', 'ar', 'uk', 'de']) {
      const listed = overridableTexts(language);
      for (const entry of listed) expect(overridableText(language, entry.key)).toEqual(entry);
    }
    const listed = new Set(overridableTexts('de').map((entry) => entry.key));
    const candidates = [
      'NO.SUCH.KEY',
      'SHELL.LOADING_few',
      'DEPOSIT_METHOD.FORM_ERRORS_some',
      'DEPOSIT_METHOD.FORM_ERRORS',
      '',
    ];
    for (const key of candidates) {
      expect(listed.has(key), key).toBe(false);
      expect(overridableText('de', key), key).toBeUndefined();
    }
  });
});
