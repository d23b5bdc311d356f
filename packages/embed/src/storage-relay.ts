/**
 * The host's side of the storage relay (SPEC §7 storage keys; domain `storage-relay.ts` has the
 * messages). A cashier in a cross-site frame whose own storage the browser denies asks the embed,
 * which runs first-party on the brand's page, to keep the spec's keys for it: local keys in the
 * page's localStorage, tab keys in its sessionStorage, under one entry per cashier origin
 * (`cashdesk:<origin>`), so two cashiers never read each other's values. `mount-cashier.ts`
 * hands over only messages from the cashier's own origin and frame; this module keeps only the
 * spec's keys as short texts, and answers only to that frame and origin. Storage the host page
 * itself cannot use leaves the cashier with its in-page copy: nothing here throws.
 *
 * @packageDocumentation
 */
import { relayedValues, serializeStorageRelayMessage } from '@cashdesk/domain';
import type { RelayedValues, StorageAreaName, StorageRelayMessage } from '@cashdesk/domain';

/** The entry of the page's storage that holds one cashier origin's values. */
export function relayEntryName(cashierOrigin: string): string {
  return `cashdesk:${cashierOrigin}`;
}

function area(view: Window, name: StorageAreaName): Storage | null {
  try {
    return name === 'local' ? view.localStorage : view.sessionStorage;
  } catch {
    return null;
  }
}

function readArea(view: Window, name: StorageAreaName, entry: string): RelayedValues {
  try {
    const text = area(view, name)?.getItem(entry) ?? null;
    return text === null ? {} : relayedValues(name, JSON.parse(text));
  } catch {
    return {};
  }
}

/**
 * Answers one relay message of the cashier of `cashierOrigin` (already checked to come from its
 * frame): `storage-get` with the kept values, `storage-set` by keeping or removing one value.
 */
export function answerStorageRelay(
  view: Window,
  cashierOrigin: string,
  message: StorageRelayMessage,
  reply: (text: string) => void,
): void {
  const entry = relayEntryName(cashierOrigin);
  if (message.type === 'storage-get') {
    reply(
      serializeStorageRelayMessage({
        type: 'storage-snapshot',
        local: readArea(view, 'local', entry),
        session: readArea(view, 'session', entry),
      }),
    );
    return;
  }
  if (message.type !== 'storage-set') return;
  const others = Object.entries(readArea(view, message.area, entry)).filter(
    ([key]) => key !== message.key,
  );
  const kept = Object.fromEntries(
    message.value === null ? others : [...others, [message.key, message.value]],
  );
  try {
    area(view, message.area)?.setItem(entry, JSON.stringify(kept));
  } catch {
    // The page's own storage is full or denied: the cashier keeps its in-page copy.
  }
}
