/**
 * The one storage layer of the widget (SPEC §7 storage keys): every value the cashier keeps is a
 * typed key here, validated when read. A value that does not read (corrupt, of an older shape,
 * written by someone else) counts as absent: never a crash, never a wrong value. Where the value
 * is kept (the browser, the page, the host's embed) is `stored-text.ts`'s business.
 *
 * @packageDocumentation
 */
import {
  addPreviousSession,
  parsePreviousSessions,
  parseThemeName,
  serializePreviousSessions,
  STORAGE_KEYS,
} from '@cashdesk/domain';
import type { StorageAreaName } from '@cashdesk/domain';
import { readText, removeText, writeText } from './stored-text';

/** One kept value: its name, its area, and how its text reads and is written. */
export interface StoredKey<T> {
  readonly name: string;
  readonly area: StorageAreaName;
  /** The value of a kept text, or null when the text is not one. */
  readonly parse: (text: string) => T | null;
  readonly format: (value: T) => string;
}

/** The kept value, or null when absent or unreadable. */
export function readKey<T>(key: Pick<StoredKey<T>, 'name' | 'area' | 'parse'>): T | null {
  const text = readText(key.area, key.name);
  if (text === null) return null;
  try {
    return key.parse(text);
  } catch {
    return null;
  }
}

/** Keeps a value. */
export function writeKey<T>(key: StoredKey<T>, value: T): void {
  writeText(key.area, key.name, key.format(value));
}

/** Forgets a value. */
export function removeKey<T>(key: StoredKey<T>): void {
  removeText(key.area, key.name);
}

function textKey(name: string, area: StorageAreaName, pattern: RegExp): StoredKey<string> {
  return {
    name,
    area,
    parse: (text) => (pattern.test(text.trim()) ? text.trim() : null),
    format: (value) => value,
  };
}

/** A pay group id: digits. */
function idKey(name: string, area: StorageAreaName): StoredKey<number> {
  return {
    name,
    area,
    parse: (text) => {
      const trimmed = text.trim();
      if (!/^\d{1,15}$/.test(trimmed)) return null;
      return Number(trimmed);
    },
    format: String,
  };
}

/** A JSON object of short texts by short text (at most `limit` entries, the latest). */
function textMapKey(
  name: string,
  area: StorageAreaName,
  limit: number,
): StoredKey<Readonly<Record<string, string>>> {
  return {
    name,
    area,
    parse: (text) => {
      const value: unknown = JSON.parse(text);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
      const entries = Object.entries(value).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === 'string' && entry[0].length <= 128 && entry[1].length <= 128,
      );
      return Object.fromEntries(entries.slice(-limit));
    },
    format: (value) => JSON.stringify(Object.fromEntries(Object.entries(value).slice(-limit))),
  };
}

function flagKey(name: string, area: StorageAreaName): StoredKey<boolean> {
  return {
    name,
    area,
    parse: (text) => {
      const trimmed = text.trim();
      return trimmed !== '' && trimmed !== 'false' && trimmed !== '0';
    },
    format: String,
  };
}

/** An absolute http(s) address. */
function addressKey(name: string): StoredKey<string> {
  return {
    name,
    area: 'local',
    parse: (text) => {
      const url = new URL(text.trim());
      return url.protocol === 'https:' || url.protocol === 'http:' ? text.trim() : null;
    },
    format: (value) => value,
  };
}

/** SPEC §4, §7, §9 phPrevSessionIdData: the last 10 session ids, most recent first. */
export const PREVIOUS_SESSIONS: StoredKey<readonly string[]> = {
  name: STORAGE_KEYS.prevSessionIdData,
  area: 'local',
  parse: (text) => parsePreviousSessions(text),
  format: serializePreviousSessions,
};

/** SPEC §4: puts a session id at the front of the previous sessions. */
export function rememberSession(sessionId: string): void {
  writeKey(PREVIOUS_SESSIONS, addPreviousSession(readKey(PREVIOUS_SESSIONS) ?? [], sessionId));
}

/** SPEC §2, §7 airPmCashierLang: the language asked for last (`en`, `ar-brand0`). */
export const LANGUAGE = textKey(STORAGE_KEYS.lang, 'local', /^[A-Za-z]{2,3}(?:[-_][\w]{1,32})?$/);

/** SPEC §2, §7 local_theme: the theme a host asked for last. */
export const THEME: StoredKey<string> = {
  name: STORAGE_KEYS.theme,
  area: 'local',
  parse: parseThemeName,
  format: (value) => value,
};

/** SPEC §4 phSelectedMethodId: the method chosen last in this tab. */
export const SELECTED_METHOD = idKey(STORAGE_KEYS.selectedMethodId, 'session');
/** SPEC §4 phSelectedMethodId as an older version kept it: in local storage. */
export const SELECTED_METHOD_KEPT = idKey(STORAGE_KEYS.selectedMethodId, 'local');
/** SPEC §4 phLastUsedMethodId: the method of the last successful deposit. */
export const LAST_USED_METHOD = idKey(STORAGE_KEYS.lastUsedMethodId, 'local');
/** SPEC §4: remembers the method of a successful deposit (a pay group id that is not one is not kept). */
export function rememberLastUsedMethod(payGroupId: string): void {
  const id = LAST_USED_METHOD.parse(payGroupId);
  if (id !== null) writeKey(LAST_USED_METHOD, id);
}
/** SPEC §4 phSkipLasUsedMethod: skip the next automatic choice (this tab). */
export const SKIP_LAST_USED = flagKey(STORAGE_KEYS.skipLastUsedMethod, 'session');
/** SPEC §4 phSkipLasUsedMethod as an older version kept it: in local storage. */
export const SKIP_LAST_USED_KEPT = flagKey(STORAGE_KEYS.skipLastUsedMethod, 'local');

/** How many alternative payments phAltMethods remembers. */
export const KEPT_ALT_METHODS = 10;
/** SPEC §7 phAltMethods: transaction id to pay group id of alternative payments under way. */
export const ALT_METHODS = textMapKey(STORAGE_KEYS.altMethods, 'local', KEPT_ALT_METHODS);

/** SPEC §7 phAltMethods: remembers the method an alternative payment left with. */
export function rememberAltMethod(transactionId: string, payGroupId: string): void {
  // The latest last: a payment remembered again moves to the end.
  const others = Object.entries(readKey(ALT_METHODS) ?? {}).filter(([id]) => id !== transactionId);
  writeKey(ALT_METHODS, Object.fromEntries([...others, [transactionId, payGroupId]]));
}

/** SPEC §7 phAltMethods: the pay group an alternative payment was paid with, if remembered. */
export function altMethodOf(transactionId: string | null): string | null {
  if (transactionId === null) return null;
  return readKey(ALT_METHODS)?.[transactionId] ?? null;
}

/** SPEC §7 PH_fingerprint: the device fingerprint (FingerprintJS's visitor id). */
export const FINGERPRINT = textKey(STORAGE_KEYS.fingerprint, 'local', /^[\w.:-]{1,128}$/);

/** SPEC §7 merchant_url, merchant_success_url, merchant_processing_url. */
export const MERCHANT_URL = addressKey(STORAGE_KEYS.merchantUrl);
export const MERCHANT_SUCCESS_URL = addressKey(STORAGE_KEYS.merchantSuccessUrl);
export const MERCHANT_PROCESSING_URL = addressKey(STORAGE_KEYS.merchantProcessingUrl);
/** SPEC §7 merchant_redirect_type (self, blank, top, parent). */
export const MERCHANT_REDIRECT_TYPE = textKey(
  STORAGE_KEYS.merchantRedirectType,
  'local',
  /^[a-z_]{1,16}$/i,
);

/** How many reported transactions SPEC §7's `transaction_status` keeps (the latest). */
const KEPT_TRANSACTION_STATUSES = 20;
/** SPEC §7 transaction_status: the final status this tab reported per transaction. */
export const TRANSACTION_STATUSES = textMapKey(
  STORAGE_KEYS.transactionStatus,
  'session',
  KEPT_TRANSACTION_STATUSES,
);

/** SPEC §7 pam_new_account: the pay group of a payout account entered as new. */
export const NEW_PAYOUT_ACCOUNT = textKey(STORAGE_KEYS.newAccount, 'session', /^[\w-]{1,64}$/);

/** A cached answer kept as JSON, read back through its own check. */
export function jsonKey<T>(name: string, check: (value: unknown) => T | null): StoredKey<T> {
  return {
    name,
    area: 'local',
    parse: (text) => check(JSON.parse(text)),
    format: (value) => JSON.stringify(value),
  };
}
