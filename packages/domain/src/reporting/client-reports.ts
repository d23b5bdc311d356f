/**
 * Render-crash and error reports of the widget (SPEC §4 "Render crash: reported, then a
 * reinitialise message goes to the parent", SPEC §8 "Unhandled render error: logged, reported,
 * cashier reinitialised", SPEC §9 "Error-reporting trace sample rate 0.9, 20 breadcrumbs").
 *
 * The widget builds a report from these rules and the server applies {@link scrubClientReport}
 * again before it stores one, so a report never carries a card number, a CVV or a session id even
 * when an older or foreign client sends one.
 *
 * Reading of "trace sample rate" (docs/decisions/0050-error-reports.md): every crash and error is reported; the
 * sampling decides, once per page load, whether the report carries its trace (the breadcrumbs).
 *
 * @packageDocumentation
 */
import { ERROR_REPORTING } from '../constants';

/** What happened: a render crash caught by the boundary, an uncaught error, an unhandled rejection. */
export const CLIENT_REPORT_KINDS = ['render_crash', 'error', 'unhandled_rejection'] as const;

/** One of {@link CLIENT_REPORT_KINDS}. */
export type ClientReportKind = (typeof CLIENT_REPORT_KINDS)[number];

/** What a breadcrumb records: a page change, a click on a button or link, an API call. */
export const BREADCRUMB_TYPES = ['navigation', 'click', 'api'] as const;

/** One of {@link BREADCRUMB_TYPES}. */
export type BreadcrumbType = (typeof BREADCRUMB_TYPES)[number];

/** The bounds of a report's parts, shared by the widget, the contract and the server. */
export const CLIENT_REPORT_LIMITS = {
  message: 2_000,
  stack: 16_000,
  page: 512,
  release: 64,
  userAgent: 512,
  breadcrumbMessage: 200,
  /** SPEC §9: 20 breadcrumbs. */
  breadcrumbs: ERROR_REPORTING.breadcrumbs,
  /** Reports one page load sends at most (a crash loop must not flood the server). */
  reportsPerPage: 10,
} as const;

/**
 * One breadcrumb: a page path, a button's or link's accessible name (never a field's value), or
 * an endpoint id with its HTTP status. `at` is the time in milliseconds since the epoch.
 */
export interface Breadcrumb {
  readonly type: BreadcrumbType;
  readonly message: string;
  readonly at: number;
}

/** A report as built by the widget and stored by the server. */
export interface ClientReport {
  readonly kind: ClientReportKind;
  readonly message: string;
  readonly stack: string | null;
  /** The page's path only: the query holds the session id. */
  readonly page: string;
  readonly release: string | null;
  readonly userAgent: string | null;
  readonly traceSampled: boolean;
  readonly breadcrumbs: readonly Breadcrumb[];
}

/**
 * SPEC §9: the breadcrumb trail keeps the last `capacity` (20) entries; adding one to a full trail
 * drops the oldest. Returns a new array.
 */
export function addBreadcrumb(
  trail: readonly Breadcrumb[],
  crumb: Breadcrumb,
  capacity: number = ERROR_REPORTING.breadcrumbs,
): Breadcrumb[] {
  if (capacity <= 0) return [];
  const next = [...trail, crumb];
  return next.length > capacity ? next.slice(next.length - capacity) : next;
}

/**
 * SPEC §9: whether a page load's trace is sampled, at the rate 0.9. `random` is injected
 * (`Math.random` in the widget) and answers in [0, 1).
 */
export function shouldSampleTrace(
  random: () => number,
  rate: number = ERROR_REPORTING.traceSampleRate,
): boolean {
  return random() < rate;
}

const REDACTED = '[redacted]';
const CARD_REDACTED = '[card]';

/**
 * A run of 13 or more digits, each pair of digits separated by at most one space or dash: card
 * numbers as typed (13 to 19 digits, grouped or not). Longer runs are scrubbed too, since a card
 * number may sit inside one.
 */
const CARD_RUN = /(?<!\d)\d(?:[ -]?\d){12,}(?!\d)/g;

/** A CVV-like field with its value: `cvv=123`, `"cvc": "1234"`, `security_code: 123`. */
const CVV_FIELD =
  /(?:(?<![A-Za-z0-9])|(?<=%[0-9A-Fa-f]{2}))(cvv2?|cvc2?|csc|cid|card_?verification|security[_ -]?code)(["']?\s*(?::|=|%3D)\s*["']?)(?!\[redacted\])[^\s"'&,;}\]]*/gi;

/**
 * A session id with its value, in a query (`session_id=…`, `cashier_session_id=…`, also
 * URL-encoded), a header (`x-session-id: …`) or JSON (`"sessionId":"…"`).
 */
const SESSION_FIELD =
  /(?:(?<![A-Za-z0-9])|(?<=%[0-9A-Fa-f]{2}))((?:cashier_)?session_?id|x-session-id)(["']?\s*(?::|=|%3D)\s*["']?)(?!\[redacted\])[^\s"'&#,;}\]]*/gi;

/**
 * Control characters no report needs (TAB, LF and CR stay) and lone UTF-16 surrogates: the
 * server refuses both in any request (they cannot be stored), so a report holding one would be
 * lost.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Removes what must never be kept from a report's text (a message, a stack, a breadcrumb, an
 * address): card-number-like digit runs, CVV-like fields' values and session ids' values, and
 * the characters the server refuses (see above).
 */
export function scrubReportText(text: string): string {
  return text
    .replace(CONTROL_CHARACTERS, '')
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(SESSION_FIELD, `$1$2${REDACTED}`)
    .replace(CVV_FIELD, `$1$2${REDACTED}`)
    .replace(CARD_RUN, CARD_REDACTED);
}

/**
 * The page of a report: the path of an address or path, without its query and fragment (the
 * query holds the session id), scrubbed and bounded.
 */
export function reportPagePath(address: string): string {
  const withoutScheme = address.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const path = withoutScheme.split(/[?#]/, 1)[0] ?? '';
  const page = path === '' ? '/' : path;
  return bounded(scrubReportText(page), CLIENT_REPORT_LIMITS.page);
}

/** The text cut to `max` UTF-16 units, never between the two halves of a surrogate pair. */
function bounded(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

function boundedOrNull(text: string | null, max: number): string | null {
  return text === null ? null : bounded(scrubReportText(text), max);
}

/**
 * SPEC §8, §9: a report as it may be kept: every text scrubbed ({@link scrubReportText}) and
 * bounded ({@link CLIENT_REPORT_LIMITS}), the page reduced to its path, the last 20 breadcrumbs,
 * and none when the trace was not sampled.
 */
export function scrubClientReport(report: ClientReport): ClientReport {
  const crumbs = report.traceSampled
    ? report.breadcrumbs.slice(-CLIENT_REPORT_LIMITS.breadcrumbs).map((crumb) => ({
        type: crumb.type,
        message: bounded(scrubReportText(crumb.message), CLIENT_REPORT_LIMITS.breadcrumbMessage),
        at: crumb.at,
      }))
    : [];
  return {
    kind: report.kind,
    message: bounded(scrubReportText(report.message), CLIENT_REPORT_LIMITS.message),
    stack: boundedOrNull(report.stack, CLIENT_REPORT_LIMITS.stack),
    page: reportPagePath(report.page),
    release: boundedOrNull(report.release, CLIENT_REPORT_LIMITS.release),
    userAgent: boundedOrNull(report.userAgent, CLIENT_REPORT_LIMITS.userAgent),
    traceSampled: report.traceSampled,
    breadcrumbs: crumbs,
  };
}
