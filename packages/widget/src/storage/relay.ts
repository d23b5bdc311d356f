/**
 * The frame's side of the storage relay (SPEC §7 storage keys in a cross-site frame; domain
 * `storage-relay.ts` has the messages). When the browser denies the cashier's own storage inside
 * a brand's frame (third-party storage blocked, Safari, a private window) and the frame was
 * mounted by `@cashdesk/embed` (the address carries its `host_origin`), the cashier asks the embed
 * for the values it kept, waits for the answer before its first render (the language, the theme
 * and the previous sessions decide that render), and from then on hands every write of a spec key
 * to it. Messages go to the host's origin only, and only the host window's answers from that
 * origin are read. With its own storage working, the cashier neither asks nor waits.
 *
 * @packageDocumentation
 */
import {
  isRelayedKey,
  parseStorageRelayMessage,
  serializeStorageRelayMessage,
} from '@cashdesk/domain';
import { adoptSnapshot, connectSink, needsHostStorage } from './stored-text';

/** How long the first render waits at most for a host that does not answer (an older embed). */
export const HOST_ANSWER_TIMEOUT_MS = 1000;

/**
 * Connects the relay when it is needed: returns a promise to wait for before the first render,
 * or null when the cashier starts at once (its own storage works, it is not in a frame the embed
 * mounted, or `hostOrigin` is unknown).
 */
export function connectHostStorage(
  win: Window,
  hostOrigin: string | null,
  timeoutMs: number = HOST_ANSWER_TIMEOUT_MS,
): Promise<void> | null {
  if (hostOrigin === null || !needsHostStorage(win, hostOrigin)) return null;
  const host = win.parent;
  connectSink((area, key, value) => {
    if (isRelayedKey(area, key)) {
      host.postMessage(
        serializeStorageRelayMessage({ type: 'storage-set', area, key, value }),
        hostOrigin,
      );
    }
  });
  return new Promise((resolve) => {
    const finish = (): void => {
      win.removeEventListener('message', onMessage);
      win.clearTimeout(timer);
      resolve();
    };
    const onMessage = (event: MessageEvent<unknown>): void => {
      if (event.source !== host || event.origin !== hostOrigin) return;
      const message = parseStorageRelayMessage(event.data);
      if (message?.type !== 'storage-snapshot') return;
      adoptSnapshot(message);
      finish();
    };
    win.addEventListener('message', onMessage);
    const timer = win.setTimeout(finish, timeoutMs);
    host.postMessage(serializeStorageRelayMessage({ type: 'storage-get' }), hostOrigin);
  });
}
