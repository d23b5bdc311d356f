/**
 * The texts of one language, split by area into locales/<lang>/<area>.json and downloaded as
 * their own chunks; only the current language is ever requested. Kept apart from i18n.ts (and
 * free of i18next) so that the shell can start the download beside the app chunk: the texts
 * then arrive while the app's code does, instead of after it has run.
 *
 * @packageDocumentation
 */
import type { ShippedLanguage } from '../startup/startup';

type Messages = Readonly<Record<string, string>>;

const LOCALE_FILES = import.meta.glob<Messages>('./locales/*/*.json', { import: 'default' });

const pending = new Map<ShippedLanguage, Promise<readonly Messages[]>>();

/** The area files of one language, downloaded once per page however often this is asked. */
function areaFiles(language: ShippedLanguage): Promise<readonly Messages[]> {
  let files = pending.get(language);
  if (files === undefined) {
    const prefix = `./locales/${language}/`;
    const loaders = Object.entries(LOCALE_FILES).filter(([path]) => path.startsWith(prefix));
    files = Promise.all(loaders.map(([, load]) => load()));
    // A failed download is asked again by the next caller (the app shows the failure).
    files.catch(() => pending.delete(language));
    pending.set(language, files);
  }
  return files;
}

/** Starts downloading the texts of `language` (the shell, before the app chunk has loaded). */
export function preloadMessages(language: ShippedLanguage): void {
  areaFiles(language).catch(() => undefined);
}

/** Every area file of one language merged into one fresh object. */
export async function loadMessages(language: ShippedLanguage): Promise<Record<string, string>> {
  const messages: Record<string, string> = {};
  for (const part of await areaFiles(language)) Object.assign(messages, part);
  return messages;
}
