/**
 * i18next with the message keys of SPEC §8 as flat keys ("PH.ERROR.FIELD_REQUIRED" is one key,
 * so neither '.' nor ':' separates anything). Each language's texts are split by area into
 * locales/<lang>/<area>.json; only the current language is loaded, in its own chunk.
 *
 * @packageDocumentation
 */
import { createInstance } from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { ShippedLanguage } from '../app/startup';

type Messages = Readonly<Record<string, string>>;

const LOCALE_FILES = import.meta.glob<Messages>('./locales/*/*.json', { import: 'default' });

/** Loads every area file of one language and merges them. */
export async function loadMessages(language: ShippedLanguage): Promise<Record<string, string>> {
  const prefix = `./locales/${language}/`;
  const loaders = Object.entries(LOCALE_FILES).filter(([path]) => path.startsWith(prefix));
  const parts = await Promise.all(loaders.map(([, load]) => load()));
  const messages: Record<string, string> = {};
  for (const part of parts) Object.assign(messages, part);
  return messages;
}

const instances = new Map<ShippedLanguage, Promise<I18n>>();

/** The i18next instance of one language, created once per page (for React's `use`). */
export function i18nFor(language: ShippedLanguage): Promise<I18n> {
  let instance = instances.get(language);
  if (instance === undefined) {
    instance = createI18n(language);
    instances.set(language, instance);
  }
  return instance;
}

/** Creates the i18next instance of one language with its messages loaded. */
export async function createI18n(language: ShippedLanguage): Promise<I18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: { [language]: { translation: await loadMessages(language) } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
