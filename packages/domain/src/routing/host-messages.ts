/**
 * Messages between the widget and its host page (SPEC §1): posted to the parent window as JSON
 * with target `cashier`. Builders give the exact shapes; the parser reads incoming data totally.
 *
 * @packageDocumentation
 */

/** SPEC §1: the target every message carries. */
export const HOST_MESSAGE_TARGET = 'cashier';

/** SPEC §1: the host-app path the my-account redirect carries. */
export const MY_ACCOUNT_PATH = '/my-account';

/** SPEC §1: message type names. */
export const HOST_MESSAGE_TYPES = [
  'reInitCashier',
  'setSessionIdToChildFrame',
  'redirectTo',
  'redirect',
  'reset-scroll',
] as const;

/** SPEC §1: one of {@link HOST_MESSAGE_TYPES}. */
export type HostMessageType = (typeof HOST_MESSAGE_TYPES)[number];

/** SPEC §1: ask the host to reinitialise the cashier. */
export interface ReInitCashierMessage {
  readonly target: typeof HOST_MESSAGE_TARGET;
  readonly type: 'reInitCashier';
}

/** SPEC §1, §4: a session id to load, forwarded to the child frame. */
export interface SetSessionIdMessage {
  readonly target: typeof HOST_MESSAGE_TARGET;
  readonly type: 'setSessionIdToChildFrame';
  readonly sessionId: string;
}

/** SPEC §1, §2: ask the host to open an address (cashier_in_new_tab). */
export interface RedirectToMessage {
  readonly target: typeof HOST_MESSAGE_TARGET;
  readonly type: 'redirectTo';
  readonly url: string;
}

/** SPEC §1: ask the host app to go to one of its own paths (/my-account). */
export interface HostRedirectMessage {
  readonly target: typeof HOST_MESSAGE_TARGET;
  readonly type: 'redirect';
  readonly path: string;
}

/** SPEC §1, §2: tell the host the widget scrolled to the top. */
export interface ResetScrollMessage {
  readonly target: typeof HOST_MESSAGE_TARGET;
  readonly type: 'reset-scroll';
}

/** SPEC §1: every known message. */
export type HostMessage =
  | ReInitCashierMessage
  | SetSessionIdMessage
  | RedirectToMessage
  | HostRedirectMessage
  | ResetScrollMessage;

/** SPEC §1, §4: the reinitialise message (also sent after a render crash). */
export function reInitCashierMessage(): ReInitCashierMessage {
  return { target: HOST_MESSAGE_TARGET, type: 'reInitCashier' };
}

/** SPEC §1, §4: the message carrying a session id for the child frame. */
export function setSessionIdMessage(sessionId: string): SetSessionIdMessage {
  return { target: HOST_MESSAGE_TARGET, type: 'setSessionIdToChildFrame', sessionId };
}

/** SPEC §1, §2: the redirectTo message with the address to open. */
export function redirectToMessage(url: string): RedirectToMessage {
  return { target: HOST_MESSAGE_TARGET, type: 'redirectTo', url };
}

/** SPEC §1: the redirect message carrying /my-account. */
export function myAccountRedirectMessage(): HostRedirectMessage {
  return { target: HOST_MESSAGE_TARGET, type: 'redirect', path: MY_ACCOUNT_PATH };
}

/** SPEC §1, §2: the reset-scroll message. */
export function resetScrollMessage(): ResetScrollMessage {
  return { target: HOST_MESSAGE_TARGET, type: 'reset-scroll' };
}

/** SPEC §1: the JSON text posted to the parent. */
export function serializeHostMessage(message: HostMessage): string {
  return JSON.stringify(message);
}

function nonEmptyString(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text;
}

function asRecord(data: unknown): Readonly<Record<string, unknown>> | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  return Object.fromEntries(Object.entries(value));
}

/**
 * SPEC §1, §4: reads incoming message data (an object, or its JSON text). Returns the known
 * message, or `null` for anything else (other scripts on the host page post messages too).
 * `target` may be absent but if present must be `cashier`. A message without a type that carries
 * a non-empty sessionId reads as setSessionIdToChildFrame, because the spec only says "a message
 * carrying sessionId" reloads the page with it.
 */
export function parseHostMessage(data: unknown): HostMessage | null {
  const record = asRecord(data);
  if (record === null) return null;
  if (record.target !== undefined && record.target !== HOST_MESSAGE_TARGET) return null;
  const sessionId = nonEmptyString(record.sessionId);
  switch (record.type) {
    case 'reInitCashier':
      return reInitCashierMessage();
    case 'reset-scroll':
      return resetScrollMessage();
    case 'setSessionIdToChildFrame':
      return sessionId === null ? null : setSessionIdMessage(sessionId);
    case 'redirectTo': {
      const url = nonEmptyString(record.url);
      return url === null ? null : redirectToMessage(url);
    }
    case 'redirect': {
      const path = nonEmptyString(record.path);
      return path === null ? null : { target: HOST_MESSAGE_TARGET, type: 'redirect', path };
    }
    case undefined:
      return sessionId === null ? null : setSessionIdMessage(sessionId);
    default:
      return null;
  }
}
