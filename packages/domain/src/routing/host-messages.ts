/**
 * Messages between the widget and its host page (SPEC §1): posted to the parent window as JSON
 * with target `cashier`. Builders give the exact shapes; the parser reads incoming data totally.
 * Besides SPEC §1's messages (unchanged) the widget tells the host three things the embed SDK
 * needs: `ready` (its first screen rendered), `resize` (its content height) and `paymentResult`
 * (a payment reached its final result), and the SDK tells the widget one: `visibleArea` (the part
 * of the frame the player sees, where the widget places its dialogs). Each side builds and reads
 * them with the functions of this module only, so both apply one format.
 *
 * @packageDocumentation
 */
import { normaliseMerchantUrl } from './merchant-url';
import type { PaymentFlow } from './page-kind';

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
  'ready',
  'resize',
  'paymentResult',
  'visibleArea',
] as const;

/** SPEC §1: one of {@link HOST_MESSAGE_TYPES}. */
export type HostMessageType = (typeof HOST_MESSAGE_TYPES)[number];

/** SPEC §4: the outcomes a final result reports: success, fail or processing. */
export const FINISH_OUTCOMES = ['success', 'fail', 'processing'] as const;

/** One of {@link FINISH_OUTCOMES}. */
export type FinishOutcome = (typeof FINISH_OUTCOMES)[number];

/**
 * Why a final result asks the host to reinitialise (designed, beyond SPEC §1): the player is done
 * with the cashier (the into-game button, the close icon, the processing page's countdown). A
 * host that knows this can close the cashier and show its game instead of starting a new session
 * in the same place; a host that reads SPEC §1's bare message reinitialises as before.
 */
export interface CashierFinish {
  /** SPEC §4: the result's outcome. */
  readonly outcome: FinishOutcome;
  /**
   * SPEC §2 redirect after finishing: the merchant address chosen for the outcome (an absolute
   * http(s) URL), or `null` when the brand configured none.
   */
  readonly url: string | null;
}

/** SPEC §1: ask the host to reinitialise the cashier. */
export interface ReInitCashierMessage {
  readonly target: typeof HOST_MESSAGE_TARGET;
  readonly type: 'reInitCashier';
  /** Present when a final result sends it: see {@link CashierFinish}. */
  readonly finish?: CashierFinish;
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

/** The widget rendered its first screen (not only the skeleton); once per page load. */
export interface ReadyMessage {
  readonly target: typeof HOST_MESSAGE_TARGET;
  readonly type: 'ready';
}

/**
 * The widget's content height in whole CSS pixels, so the host can size the frame to it. Sent
 * when it changes, at most once per animation frame.
 */
export interface ResizeMessage {
  readonly target: typeof HOST_MESSAGE_TARGET;
  readonly type: 'resize';
  /** A whole number of CSS pixels, 1 to {@link MAX_REPORTED_HEIGHT}. */
  readonly height: number;
}

/**
 * The final results a payment can report to the host: success (a charity success counts as
 * success), error (a decline or a failure) and reversed (the pending withdrawal went back to the
 * balance, SPEC §4 withdrawal reversal result). Processing and await are not final.
 */
export const PAYMENT_RESULT_STATUSES = ['success', 'error', 'reversed'] as const;

/** One of {@link PAYMENT_RESULT_STATUSES}. */
export type PaymentResultStatus = (typeof PAYMENT_RESULT_STATUSES)[number];

/**
 * A payment reached its final result (SPEC §2 result pages, §4 final result and withdrawal
 * reversal). The host refreshes what depends on the player's money, such as its header balance,
 * from its own backend: the figures here are for display, never a ledger.
 */
export interface PaymentResultMessage {
  readonly target: typeof HOST_MESSAGE_TARGET;
  readonly type: 'paymentResult';
  readonly flow: PaymentFlow;
  readonly status: PaymentResultStatus;
  /** The amount as a decimal string (`'25.00'`), or `null` when the widget does not know it. */
  readonly amount: string | null;
  /** ISO 4217 code of the amount (`'EUR'`), or `null` when the widget does not know it. */
  readonly currency: string | null;
  /** The transaction, or `null` for a withdrawal reversal (it may cover several). */
  readonly transactionId: string | null;
}

/**
 * Host to widget (designed): the part of the cashier's frame the player sees, in the frame's CSS
 * pixels. An auto-height frame is as tall as the cashier's content, so the frame's own viewport
 * is the whole tall frame and a dialog centred in it can sit above or below the screen; the embed
 * SDK watches the host page's scrolling and visual viewport and tells the widget where the screen
 * is, and the widget places its dialogs there.
 */
export interface VisibleAreaMessage {
  readonly target: typeof HOST_MESSAGE_TARGET;
  readonly type: 'visibleArea';
  /** From the frame's top edge to the top of the visible part, 0 to the frame's height. */
  readonly top: number;
  /** The visible part's height; 0 while the frame is out of view. */
  readonly height: number;
}

/** SPEC §1: every known message. */
export type HostMessage =
  | ReInitCashierMessage
  | SetSessionIdMessage
  | RedirectToMessage
  | HostRedirectMessage
  | ResetScrollMessage
  | ReadyMessage
  | ResizeMessage
  | PaymentResultMessage
  | VisibleAreaMessage;

/** The tallest content height a resize message may carry (CSS pixels). */
export const MAX_REPORTED_HEIGHT = 100_000;

/** Longest transaction id a payment result carries (the contract's limit). */
const MAX_TRANSACTION_ID_LENGTH = 128;

const DECIMAL = /^\d{1,20}(\.\d{1,10})?$/;
const CURRENCY = /^[A-Z]{3}$/;

/**
 * SPEC §1, §4: the reinitialise message: bare after a render crash or an expired session, with
 * {@link CashierFinish} when the player finished on a result page. A finish URL that is not a
 * usable merchant URL (SPEC §2) is sent as `null`.
 *
 * @example reInitCashierMessage({ outcome: 'success', url: 'https://brand.example/ok' })
 *   // { target: 'cashier', type: 'reInitCashier',
 *   //   finish: { outcome: 'success', url: 'https://brand.example/ok' } }
 */
export function reInitCashierMessage(finish?: CashierFinish): ReInitCashierMessage {
  if (finish === undefined) return { target: HOST_MESSAGE_TARGET, type: 'reInitCashier' };
  return {
    target: HOST_MESSAGE_TARGET,
    type: 'reInitCashier',
    finish: { outcome: finish.outcome, url: normaliseMerchantUrl(finish.url) },
  };
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

/** The ready message: the first screen rendered. */
export function readyMessage(): ReadyMessage {
  return { target: HOST_MESSAGE_TARGET, type: 'ready' };
}

/**
 * The resize message of a measured content height: rounded up to whole pixels (a fraction cut
 * off would leave a scrollbar) and kept within 1 to {@link MAX_REPORTED_HEIGHT}; `null` for a
 * height that is not a positive finite number (nothing rendered, a detached element).
 *
 * @example resizeMessage(612.4) // { target: 'cashier', type: 'resize', height: 613 }
 */
export function resizeMessage(measured: number): ResizeMessage | null {
  if (!Number.isFinite(measured) || measured <= 0) return null;
  const height = Math.min(Math.ceil(measured), MAX_REPORTED_HEIGHT);
  return { target: HOST_MESSAGE_TARGET, type: 'resize', height };
}

/** A box along the block axis: where it starts and how tall it is, in CSS pixels. */
export interface VerticalSpan {
  readonly top: number;
  readonly height: number;
}

function wholePixels(value: number): number {
  return Math.min(Math.max(Math.round(value), 0), MAX_REPORTED_HEIGHT);
}

/**
 * The visibleArea message of a frame on a screen: the part of `frame` (its box in the host's
 * viewport, as getBoundingClientRect gives it) that lies inside `screen` (the host's visual
 * viewport in the same coordinates), measured from the frame's top edge, in whole pixels. A frame
 * out of view gives a height of 0 (its top clamped to the nearer edge); `null` when a figure is not
 * a finite number.
 *
 * @example visibleAreaMessage({ top: -900, height: 2400 }, { top: 0, height: 844 })
 *   // { target: 'cashier', type: 'visibleArea', top: 900, height: 844 }
 */
export function visibleAreaMessage(
  frame: VerticalSpan,
  screen: VerticalSpan,
): VisibleAreaMessage | null {
  const figures = [frame.top, frame.height, screen.top, screen.height];
  if (!figures.every(Number.isFinite)) return null;
  const frameHeight = Math.max(frame.height, 0);
  const start = Math.min(Math.max(screen.top - frame.top, 0), frameHeight);
  const end = Math.min(
    Math.max(screen.top + Math.max(screen.height, 0) - frame.top, 0),
    frameHeight,
  );
  const top = wholePixels(start);
  return {
    target: HOST_MESSAGE_TARGET,
    type: 'visibleArea',
    top,
    height: Math.max(wholePixels(end) - top, 0),
  };
}

function readVisibleArea(record: Readonly<Record<string, unknown>>): VisibleAreaMessage | null {
  const { top, height } = record;
  if (typeof top !== 'number' || typeof height !== 'number') return null;
  if (!Number.isInteger(top) || !Number.isInteger(height)) return null;
  if (top < 0 || height < 0 || top > MAX_REPORTED_HEIGHT || height > MAX_REPORTED_HEIGHT) {
    return null;
  }
  return { target: HOST_MESSAGE_TARGET, type: 'visibleArea', top, height };
}

/** What {@link paymentResultMessage} takes. */
export interface PaymentResultInput {
  readonly flow: PaymentFlow;
  readonly status: PaymentResultStatus;
  readonly amount: string | null;
  readonly currency: string | null;
  readonly transactionId: string | null;
}

function checkedText(value: unknown, pattern: RegExp): string | null {
  const text = nonEmptyString(value);
  return text !== null && pattern.test(text) ? text : null;
}

function checkedTransactionId(value: unknown): string | null {
  const text = nonEmptyString(value);
  return text !== null && text.length <= MAX_TRANSACTION_ID_LENGTH ? text : null;
}

/**
 * The payment result message. Fields that are not what they claim to be become `null` (an
 * amount that is not a non-negative decimal string, a currency that is not three capital
 * letters, a blank transaction id), so what the host reads is always well formed. `null` for a
 * reversal of a deposit, which does not exist.
 *
 * @example paymentResultMessage({ flow: 'deposit', status: 'success', amount: '25.00',
 *   currency: 'EUR', transactionId: 't1' })
 */
export function paymentResultMessage(input: PaymentResultInput): PaymentResultMessage | null {
  if (input.status === 'reversed' && input.flow !== 'withdrawal') return null;
  return {
    target: HOST_MESSAGE_TARGET,
    type: 'paymentResult',
    flow: input.flow,
    status: input.status,
    amount: checkedText(input.amount, DECIMAL),
    currency: checkedText(input.currency, CURRENCY),
    transactionId: checkedTransactionId(input.transactionId),
  };
}

function flowOf(value: unknown): PaymentFlow | null {
  return value === 'deposit' || value === 'withdrawal' ? value : null;
}

function paymentResultStatusOf(value: unknown): PaymentResultStatus | null {
  return PAYMENT_RESULT_STATUSES.find((status) => status === value) ?? null;
}

function readPaymentResult(record: Readonly<Record<string, unknown>>): PaymentResultMessage | null {
  const flow = flowOf(record.flow);
  const status = paymentResultStatusOf(record.status);
  if (flow === null || status === null) return null;
  return paymentResultMessage({
    flow,
    status,
    amount: typeof record.amount === 'string' ? record.amount : null,
    currency: typeof record.currency === 'string' ? record.currency : null,
    transactionId: typeof record.transactionId === 'string' ? record.transactionId : null,
  });
}

function finishOutcomeOf(value: unknown): FinishOutcome | null {
  return FINISH_OUTCOMES.find((outcome) => outcome === value) ?? null;
}

/** The finish details of a reinitialise message; none when absent or without a known outcome. */
function readFinish(value: unknown): CashierFinish | undefined {
  const record = asRecord(value);
  const outcome = finishOutcomeOf(record?.outcome);
  if (record === null || outcome === null) return undefined;
  return { outcome, url: typeof record.url === 'string' ? record.url : null };
}

function readResize(record: Readonly<Record<string, unknown>>): ResizeMessage | null {
  const { height } = record;
  if (typeof height !== 'number' || !Number.isInteger(height)) return null;
  if (height < 1 || height > MAX_REPORTED_HEIGHT) return null;
  return resizeMessage(height);
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
 * carrying sessionId" reloads the page with it. A resize needs a whole height of 1 to
 * {@link MAX_REPORTED_HEIGHT}; a payment result a known flow and final status (its other fields
 * are checked as {@link paymentResultMessage} does). A reinitialise message keeps its finish
 * details when they name a known outcome (the URL checked as {@link reInitCashierMessage} does).
 * A visible area needs a whole top and height of 0 to {@link MAX_REPORTED_HEIGHT}.
 */
export function parseHostMessage(data: unknown): HostMessage | null {
  const record = asRecord(data);
  if (record === null) return null;
  if (record.target !== undefined && record.target !== HOST_MESSAGE_TARGET) return null;
  const sessionId = nonEmptyString(record.sessionId);
  switch (record.type) {
    case 'reInitCashier':
      return reInitCashierMessage(readFinish(record.finish));
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
    case 'ready':
      return readyMessage();
    case 'resize':
      return readResize(record);
    case 'paymentResult':
      return readPaymentResult(record);
    case 'visibleArea':
      return readVisibleArea(record);
    case undefined:
      return sessionId === null ? null : setSessionIdMessage(sessionId);
    default:
      return null;
  }
}
