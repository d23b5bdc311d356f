/**
 * Result pages (SPEC §2): the statuses a payment can end in and the route the app navigates to
 * when the embedded inner cashier frame reports a result.
 *
 * @packageDocumentation
 */
import { addressQuery, setQueryParam } from './address';
import { PAYMENT_FLOWS } from './page-kind';
import type { PaymentFlow } from './page-kind';

/**
 * SPEC §2: result statuses; each has a route `/{type}/{type}-{status}`. The further view statuses
 * (fail, redirect) have routes of their own that show one of these ({@link RESULT_VIEW_STATUSES}).
 */
export const RESULT_STATUSES = [
  'success',
  'error',
  'processing',
  'await',
  'charity-success',
] as const;

/** SPEC §2: one of {@link RESULT_STATUSES}. */
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/**
 * SPEC §2 view statuses: the result statuses and two more a status page address may name, each
 * shown as a result status: `fail` is the error page (a provider's fail return says so) and
 * `redirect` the processing page in the redirect view (the payment went on elsewhere: the player is
 * sent to the merchant at once). docs/decisions/0119-spec-points-built.md.
 */
export const RESULT_VIEW_STATUSES = [...RESULT_STATUSES, 'fail', 'redirect'] as const;

/**
 * SPEC §2 result view kinds: what a status page shows. `result` the result page; `redirect` no
 * page, the player is sent on to the merchant at once; `blank` nothing at all (the status page
 * inside the cashier's own frame, whose result the cashier around it shows).
 */
export const RESULT_VIEW_KINDS = ['blank', 'redirect', 'result'] as const;

/** SPEC §2: one of {@link RESULT_VIEW_KINDS}. */
export type ResultViewKind = (typeof RESULT_VIEW_KINDS)[number];

/** SPEC §2: the result status a view status shows, and the view it asks for when it asks one. */
export interface ViewStatusMeaning {
  readonly status: ResultStatus;
  readonly view: ResultViewKind | null;
}

/**
 * SPEC §2: reads a view status (any case, trimmed): a result status is itself; `fail` is the
 * error status; `redirect` the processing status in the redirect view. `null` for anything else.
 */
export function parseResultViewStatus(value: unknown): ViewStatusMeaning | null {
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  if (text === 'fail') return { status: 'error', view: null };
  if (text === 'redirect') return { status: 'processing', view: 'redirect' };
  const status = parseResultStatus(text);
  return status === null ? null : { status, view: null };
}

/** SPEC §2: reads a view kind (any case, trimmed); `null` for anything else. */
export function parseResultViewKind(value: unknown): ResultViewKind | null {
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  return isOneOf(RESULT_VIEW_KINDS, text) ? text : null;
}

/** SPEC §2: the query parameter that carries the theme. */
export const THEME_QUERY_PARAM = 'theme';

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return values.some((candidate) => candidate === value);
}

/** SPEC §2: narrows unknown input (for example a frame message field) to a result status. */
export function parseResultStatus(value: unknown): ResultStatus | null {
  if (typeof value !== 'string') return null;
  const status = value.trim().toLowerCase();
  return isOneOf(RESULT_STATUSES, status) ? status : null;
}

/** SPEC §1: narrows unknown input to a payment flow (`deposit` or `withdrawal`). */
export function parsePaymentFlow(value: unknown): PaymentFlow | null {
  if (typeof value !== 'string') return null;
  const flow = value.trim().toLowerCase();
  return isOneOf(PAYMENT_FLOWS, flow) ? flow : null;
}

/**
 * SPEC §2: the path of a result page, `/{type}/{type}-{status}`.
 *
 * @example resultPagePath('deposit', 'success') // '/deposit/deposit-success'
 */
export function resultPagePath(type: PaymentFlow, status: ResultStatus): string {
  return `/${type}/${type}-${status}`;
}

/** SPEC §2: what {@link resultNavigation} needs. */
export interface ResultNavigationInput {
  /** Payment flow named by the inner frame's message (unknown input is checked). */
  readonly type: unknown;
  /** Result status named by the inner frame's message (unknown input is checked). */
  readonly status: unknown;
  /** The current query (`location.search`), carried over to the result page. */
  readonly currentSearch: string;
  /** The theme in use, added as `theme` when the current query has none. */
  readonly theme: string;
}

/**
 * SPEC §2: where the app navigates on a result message from the embedded inner cashier frame:
 * `/{type}/{type}-{status}` with the current query, adding `theme` when it is missing (so the
 * result page, which may be reloaded on its own, keeps the look). `null` when the message names
 * an unknown flow or status, in which case the app stays where it is.
 *
 * @example resultNavigation({ type: 'deposit', status: 'error', currentSearch: '?lang=en', theme: 'brand3' })
 *   // '/deposit/deposit-error?lang=en&theme=brand3'
 */
export function resultNavigation(input: ResultNavigationInput): string | null {
  const type = parsePaymentFlow(input.type);
  const status = parseResultStatus(input.status);
  if (type === null || status === null) return null;
  const search = input.currentSearch.startsWith('?')
    ? input.currentSearch
    : `?${input.currentSearch}`;
  const path = `${resultPagePath(type, status)}${search === '?' ? '' : search}`;
  const currentTheme = addressQuery(path).get(THEME_QUERY_PARAM);
  const hasTheme = currentTheme !== undefined && currentTheme.trim() !== '';
  return hasTheme || input.theme === ''
    ? path
    : setQueryParam(path, THEME_QUERY_PARAM, input.theme);
}

/**
 * SPEC §2: the result message an embedded inner cashier frame posts to the cashier around it. A
 * 3-D Secure challenge shown inside the cashier returns to the cashier's own `/3ds_result`
 * address, so that address loads the cashier a second time, inside the challenge's frame; once
 * it knows the result it tells the outer cashier, which navigates with {@link resultNavigation}.
 * `transactionId` names the payment, so the result page can load it again on its own.
 */
export interface InnerResultMessage {
  readonly target: 'cashier';
  readonly type: 'result';
  /** The payment flow (the `{type}` of `/{type}/{type}-{status}`). */
  readonly paymentType: PaymentFlow;
  readonly status: ResultStatus;
  readonly transactionId: string | null;
}

/** SPEC §2: builds an {@link InnerResultMessage}. */
export function innerResultMessage(
  paymentType: PaymentFlow,
  status: ResultStatus,
  transactionId: string | null,
): InnerResultMessage {
  return { target: 'cashier', type: 'result', paymentType, status, transactionId };
}

/**
 * SPEC §2: reads message data (an object) as an {@link InnerResultMessage}; `null` for anything
 * else, including an unknown flow or status. Which window may send it is the receiver's check.
 */
export function parseInnerResultMessage(data: unknown): InnerResultMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const read = (key: string): unknown => Reflect.get(data, key);
  if (read('target') !== 'cashier' || read('type') !== 'result') return null;
  const paymentType = parsePaymentFlow(read('paymentType'));
  const status = parseResultStatus(read('status'));
  if (paymentType === null || status === null) return null;
  const id = read('transactionId');
  const transactionId = typeof id === 'string' && id.trim() !== '' ? id.trim() : null;
  return innerResultMessage(paymentType, status, transactionId);
}
