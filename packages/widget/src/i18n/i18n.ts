/**
 * i18next with the message keys of SPEC §8 as flat keys ("PH.ERROR.FIELD_REQUIRED" is one key,
 * so neither '.' nor ':' separates anything). The texts of the current language come from
 * messages.ts (split by area, only that language downloaded).
 *
 * @packageDocumentation
 */
import { createInstance } from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { ShippedLanguage } from '../startup/startup';
import { loadMessages } from './messages';

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
