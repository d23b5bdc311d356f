import type { TFunction } from 'i18next';

/** A message key as the server sends them (CASHIER.DECLINE.EXPIRED_CARD, PH.ERROR.X). */
const MESSAGE_KEY = /^[A-Z][A-Z0-9_]*(\.[A-Z0-9_]+)+$/;

/**
 * SPEC §8: the text of a message the server sent: its translation when it is a known key, the
 * text itself when it is plain text, and `fallback` for an unknown key (a key shown raw reads as
 * a bug to the player) or an empty message.
 */
export function messageText(
  t: TFunction,
  exists: (key: string) => boolean,
  message: string | null | undefined,
  fallback: string,
): string {
  const text = message?.trim() ?? '';
  if (text === '') return fallback;
  if (exists(text)) return t(text);
  return MESSAGE_KEY.test(text) ? fallback : text;
}
