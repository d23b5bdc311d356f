/**
 * The storage relay (SPEC §7 storage keys): a cashier in a cross-site frame whose own storage the
 * browser denies (third-party storage blocked, Safari, a private window) asks the host page's
 * `@cashdesk/embed`, which runs first-party on the host's origin, to keep the spec's keys for it
 * and hand them back when the frame starts again. Both sides read the messages through this
 * module: only the spec's keys, in their own area, as short texts.
 *
 * Messages (JSON text, `target: 'cashdesk-storage'`):
 * - frame to host: `{type: 'storage-get'}` asks for the kept values;
 * - host to frame: `{type: 'storage-snapshot', local: {...}, session: {...}}` answers it;
 * - frame to host: `{type: 'storage-set', area, key, value}` keeps a value (`null` removes it).
 *
 * @packageDocumentation
 */
import { STORAGE_KEYS } from './storage-keys';
import type { StorageKey } from './storage-keys';

/** The `target` every relay message carries. */
export const STORAGE_RELAY_TARGET = 'cashdesk-storage';

/** The browser storage area a key lives in (localStorage or sessionStorage). */
export type StorageAreaName = 'local' | 'session';

/** The longest value the relay carries (the previous-sessions list is the longest key). */
export const MAX_RELAYED_VALUE_LENGTH = 4096;

/**
 * SPEC §7: the keys the relay keeps, per area. The last used and the alternative methods, the
 * language, the theme, the previous sessions, the fingerprint and the merchant's addresses
 * outlive the tab; the chosen method, the skip flag, the reported statuses and the new-account
 * marker belong to the tab (the host keeps them in its own sessionStorage).
 */
export const RELAYED_KEYS: Readonly<Record<StorageAreaName, readonly StorageKey[]>> = {
  local: [
    STORAGE_KEYS.prevSessionIdData,
    STORAGE_KEYS.lang,
    STORAGE_KEYS.theme,
    STORAGE_KEYS.selectedMethodId,
    STORAGE_KEYS.lastUsedMethodId,
    STORAGE_KEYS.altMethods,
    STORAGE_KEYS.fingerprint,
    STORAGE_KEYS.merchantUrl,
    STORAGE_KEYS.merchantSuccessUrl,
    STORAGE_KEYS.merchantProcessingUrl,
    STORAGE_KEYS.merchantRedirectType,
  ],
  session: [
    STORAGE_KEYS.selectedMethodId,
    STORAGE_KEYS.skipLastUsedMethod,
    STORAGE_KEYS.transactionStatus,
    STORAGE_KEYS.newAccount,
  ],
};

/** Kept values of one area, by key. */
export type RelayedValues = Readonly<Partial<Record<StorageKey, string>>>;

/** The values the host keeps for the cashier. */
export interface StorageSnapshot {
  readonly local: RelayedValues;
  readonly session: RelayedValues;
}

/** A relay message, read. */
export type StorageRelayMessage =
  | { readonly type: 'storage-get' }
  | ({ readonly type: 'storage-snapshot' } & StorageSnapshot)
  | {
      readonly type: 'storage-set';
      readonly area: StorageAreaName;
      readonly key: StorageKey;
      readonly value: string | null;
    };

function recordOf(value: unknown): Readonly<Record<string, unknown>> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : null;
}

/** Whether `key` may be relayed in `area`. */
export function isRelayedKey(area: StorageAreaName, key: unknown): key is StorageKey {
  return RELAYED_KEYS[area].some((relayed) => relayed === key);
}

function isRelayedValue(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_RELAYED_VALUE_LENGTH;
}

/** Only the relayed keys of one area whose values are short texts; anything else is dropped. */
export function relayedValues(area: StorageAreaName, value: unknown): RelayedValues {
  const record = recordOf(value) ?? {};
  const kept: Partial<Record<StorageKey, string>> = {};
  for (const key of RELAYED_KEYS[area]) {
    const text = record[key];
    if (isRelayedValue(text)) kept[key] = text;
  }
  return kept;
}

function areaOf(value: unknown): StorageAreaName | null {
  return value === 'local' || value === 'session' ? value : null;
}

/**
 * Reads a relay message (an object or its JSON text), or `null` for anything else: another
 * target, an unknown type, a key the relay does not keep, a value that is not a short text.
 */
export function parseStorageRelayMessage(data: unknown): StorageRelayMessage | null {
  let value = data;
  if (typeof data === 'string') {
    if (!data.includes(STORAGE_RELAY_TARGET)) return null;
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  const record = recordOf(value);
  if (record?.['target'] !== STORAGE_RELAY_TARGET) return null;
  switch (record['type']) {
    case 'storage-get':
      return { type: 'storage-get' };
    case 'storage-snapshot':
      return {
        type: 'storage-snapshot',
        local: relayedValues('local', record['local']),
        session: relayedValues('session', record['session']),
      };
    case 'storage-set': {
      const area = areaOf(record['area']);
      const key = record['key'];
      const text = record['value'];
      if (area === null || !isRelayedKey(area, key)) return null;
      if (text !== null && !isRelayedValue(text)) return null;
      return { type: 'storage-set', area, key, value: text };
    }
    default:
      return null;
  }
}

/** The JSON text of a relay message. */
export function serializeStorageRelayMessage(message: StorageRelayMessage): string {
  return JSON.stringify({ target: STORAGE_RELAY_TARGET, ...message });
}
