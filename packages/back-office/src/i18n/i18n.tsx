/**
 * The back office's texts. Each language is one message file (src/messages/<code>.json), loaded on
 * its own (a chunk of its own), so another language is one more file and one more line in
 * {@link MESSAGE_FILES}. Dates and amounts are formatted per the same locale with Intl.
 */
import { createContext, useContext } from 'react';
import type en from '../messages/en.json';

/** Every text's key (the English file is the reference: another file has the same keys). */
export type MessageKey = keyof typeof en;

/** The texts of one language. */
export type Messages = Readonly<Record<MessageKey, string>>;

/** The message files, by language code. */
const MESSAGE_FILES: Readonly<Record<string, () => Promise<{ default: Messages }>>> = {
  en: () => import('../messages/en.json'),
};

/** The language used when the browser asks for one without a message file. */
const FALLBACK_LANGUAGE = 'en';

/** The language of the first of the browser's languages that has a message file. */
export function pickLanguage(preferred: readonly string[]): string {
  for (const tag of preferred) {
    const language = tag.toLowerCase().split('-')[0] ?? '';
    if (language in MESSAGE_FILES) return language;
  }
  return FALLBACK_LANGUAGE;
}

/** Loads the texts of a language. */
export async function loadMessages(language: string): Promise<Messages> {
  const load = MESSAGE_FILES[language] ?? MESSAGE_FILES[FALLBACK_LANGUAGE];
  if (load === undefined) throw new Error(`no message file for ${language}`);
  return (await load()).default;
}

/** A translator: the text of a key with its `{name}` placeholders filled in. */
export type Translate = (
  key: MessageKey,
  values?: Readonly<Record<string, string | number>>,
) => string;

/** What the texts provider gives every screen. */
export interface I18n {
  readonly locale: string;
  readonly t: Translate;
  /** Whether a key built at run time (an error code's text) has a text. */
  readonly has: (key: string) => key is MessageKey;
}

/** Builds the translator of a message file. */
export function translator(locale: string, messages: Messages): I18n {
  const t: Translate = (key, values) => {
    const text = messages[key];
    if (values === undefined) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = values[name];
      return value === undefined ? whole : String(value);
    });
  };
  const has = (key: string): key is MessageKey => Object.hasOwn(messages, key);
  return { locale, t, has };
}

/** The texts of the app (set once the message file is loaded, in main.tsx). */
export const I18nContext = createContext<I18n | null>(null);

/** The current translator. */
export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (i18n === null) throw new Error('useI18n outside I18nContext');
  return i18n;
}
