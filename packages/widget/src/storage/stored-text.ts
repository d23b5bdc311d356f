/**
 * The texts the cashier keeps (SPEC §7 storage keys), never throwing. Three layers, newest first:
 *
 * 1. the browser's localStorage or sessionStorage, when it lets the cashier use it (inside a
 *    brand's frame Chromium partitions it by the brand's site, which is what the cashier wants);
 * 2. this page's own copy, in memory, of what the browser refused to keep (storage denied in a
 *    cross-site frame, a private window, `QuotaExceededError`): a value written survives for the
 *    page's life whatever the browser does;
 * 3. the values the host page's embed kept for the cashier (`storage/relay.ts`), when the frame's
 *    own storage is denied.
 *
 * Writes also go to the relay when one is connected. Nothing here knows what a key means:
 * `storage/keys.ts` types and validates each key; features use that, never this module.
 *
 * @packageDocumentation
 */
import { HOST_ORIGIN_PARAM } from '@cashdesk/domain';
import type { StorageAreaName, StorageSnapshot } from '@cashdesk/domain';

/** Where writes go besides the page and the browser (the embed relay). */
export type StoredTextSink = (area: StorageAreaName, key: string, value: string | null) => void;

interface Layers {
  /** This page's writes; `null` marks a removal. */
  readonly memory: Record<StorageAreaName, Map<string, string | null>>;
  snapshot: StorageSnapshot;
  sink: StoredTextSink | null;
}

function emptyLayers(): Layers {
  return {
    memory: { local: new Map(), session: new Map() },
    snapshot: { local: {}, session: {} },
    sink: null,
  };
}

let layers = emptyLayers();

/** The browser's storage area, or null when reading it throws (`SecurityError`) or it is absent. */
function webArea(area: StorageAreaName): Storage | null {
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Whether the browser keeps this area for the cashier: the area can be read and a probe written
 * and removed. False when storage is denied (the frame's storage blocked) or full.
 */
export function browserKeeps(area: StorageAreaName): boolean {
  const storage = webArea(area);
  if (storage === null) return false;
  const probe = '__cashdesk_probe__';
  try {
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the cashier needs the embed to keep its values (storage/relay.ts): it runs in a frame
 * that `@cashdesk/embed` mounted (the address carries its `host_origin`), the host's origin is
 * known, and the browser denies the frame its own storage. Small on purpose: the shell asks it
 * before the first render and loads the relay only when the answer is yes.
 */
export function needsHostStorage(win: Window, hostOrigin: string | null): boolean {
  if (win.parent === win || hostOrigin === null) return false;
  if (!new URL(win.location.href).searchParams.has(HOST_ORIGIN_PARAM)) return false;
  return !(browserKeeps('local') && browserKeeps('session'));
}

function fromSnapshot(area: StorageAreaName, key: string): string | null {
  const values: Readonly<Record<string, string | undefined>> = layers.snapshot[area];
  return values[key] ?? null;
}

/** The stored text, or null when none is kept anywhere. */
export function readText(area: StorageAreaName, key: string): string | null {
  try {
    const kept = webArea(area)?.getItem(key);
    if (kept !== null && kept !== undefined) return kept;
  } catch {
    // Denied: the page's copy, else the host's.
  }
  const mine = layers.memory[area];
  if (mine.has(key)) return mine.get(key) ?? null;
  return fromSnapshot(area, key);
}

/** Writes to the browser's area; whether it took the change. */
function keepInBrowser(area: StorageAreaName, key: string, value: string | null): boolean {
  const storage = webArea(area);
  if (storage === null) return false;
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
    return true;
  } catch {
    // Full (QuotaExceededError) or denied: an older value must not outlive this write there.
    try {
      storage.removeItem(key);
    } catch {
      // Denied altogether.
    }
    return false;
  }
}

function keep(area: StorageAreaName, key: string, value: string | null): void {
  // The page's copy only holds what the browser would not keep (a removal included, so that
  // the host's older value does not come back).
  if (keepInBrowser(area, key, value)) layers.memory[area].delete(key);
  else layers.memory[area].set(key, value);
  try {
    layers.sink?.(area, key, value);
  } catch {
    // The host is gone: the page's copy keeps it.
  }
}

/** Keeps a text. */
export function writeText(area: StorageAreaName, key: string, value: string): void {
  keep(area, key, value);
}

/** Forgets a text. */
export function removeText(area: StorageAreaName, key: string): void {
  keep(area, key, null);
}

/** The host's kept values, read once when the frame starts (storage/relay.ts). */
export function adoptSnapshot(snapshot: StorageSnapshot): void {
  layers.snapshot = snapshot;
}

/** Sends every later write to `sink` too (the embed relay). */
export function connectSink(sink: StoredTextSink | null): void {
  layers.sink = sink;
}

/** Tests only: forgets the page's copy, the host's values and the sink. */
export function resetStoredTextForTests(): void {
  layers = emptyLayers();
}
