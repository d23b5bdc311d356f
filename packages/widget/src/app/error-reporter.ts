/**
 * Render-crash and error reporting (SPEC §4 "Render crash: reported, then a reinitialise
 * message goes to the parent", SPEC §8 "Unhandled render error: logged, reported", SPEC §9
 * "Error-reporting trace sample rate 0.9, 20 breadcrumbs").
 *
 * - **Breadcrumbs:** the last 20 steps of the page (domain `addBreadcrumb`): page paths, clicks on
 *   buttons and links by their accessible name (never a field's value), API calls by endpoint id
 *   and status.
 * - **Sampling:** decided once per page load (domain `shouldSampleTrace`, rate 0.9). Every crash
 *   and error is reported; a sampled page's reports carry its breadcrumbs, another's carry none,
 *   and `trace_sampled` says which (docs/decisions/0050-error-reports.md).
 * - **Sending:** the sender (domain scrubber, wire body, `fetch` with `keepalive`, so a report
 *   survives the host reloading the frame) is imported at the first report; the bundler keeps it
 *   in the app chunk, which holds everything it uses, so it is never part of the shell.
 *   A report that fails is dropped; a page sends at most 10 (`CLIENT_REPORT_LIMITS.reportsPerPage`)
 *   so a crash loop cannot flood the server; nothing here throws.
 *
 * @packageDocumentation
 */
import { CLIENT_REPORT_LIMITS, addBreadcrumb, shouldSampleTrace } from '@cashdesk/domain';
import type { Breadcrumb, BreadcrumbType, ClientReport, ClientReportKind } from '@cashdesk/domain';

/** Sends one report; may reject (the reporter drops it). */
export type ReportSender = (report: ClientReport, sessionId: string | null) => Promise<void>;

/** What {@link createErrorReporter} needs from the page. */
export interface ErrorReporterDeps {
  /** A draw in [0, 1) (`Math.random`). */
  readonly random: () => number;
  /** Milliseconds since the epoch (`Date.now`). */
  readonly now: () => number;
  /** The current page's path (`location.pathname`; the query holds the session id). */
  readonly page: () => string;
  readonly sessionId: string | null;
  readonly userAgent: string | null;
  readonly release: string | null;
  /** Loads the sender (a dynamic import: a chunk of its own). */
  readonly loadSender: () => Promise<ReportSender>;
}

/** The reporter of one page load. */
export interface ErrorReporter {
  /** SPEC §9: whether this page load's trace is sampled. */
  readonly traceSampled: boolean;
  /** Records one step (the last 20 are kept). */
  breadcrumb(type: BreadcrumbType, message: string): void;
  /** The breadcrumbs kept now, oldest first. */
  breadcrumbs(): readonly Breadcrumb[];
  /** Reports a crash or error; never throws, drops what is over the page's budget. */
  report(kind: ClientReportKind, error: unknown, detail?: string | null): void;
  /** Settles when every report started so far has been sent or dropped (for tests). */
  settled(): Promise<void>;
}

/** The text and stack of whatever was thrown or rejected. */
function describeThrown(error: unknown): { message: string; stack: string | null } {
  if (error instanceof Error) {
    const message = `${error.name}: ${error.message}`;
    return { message, stack: typeof error.stack === 'string' ? error.stack : null };
  }
  if (typeof error === 'string') return { message: error, stack: null };
  if (error === null || error === undefined) return { message: 'no error value', stack: null };
  return { message: `thrown ${typeof error}`, stack: null };
}

/** Creates the reporter of a page load (see the module comment). */
export function createErrorReporter(deps: ErrorReporterDeps): ErrorReporter {
  let trail: Breadcrumb[] = [];
  let sent = 0;
  let pending: Promise<void> = Promise.resolve();
  let sampled = false;
  try {
    sampled = shouldSampleTrace(deps.random);
  } catch {
    sampled = false;
  }
  const reporter: ErrorReporter = {
    traceSampled: sampled,
    breadcrumb(type, message) {
      const text = message.trim().slice(0, CLIENT_REPORT_LIMITS.breadcrumbMessage);
      if (text === '') return;
      trail = addBreadcrumb(trail, { type, message: text, at: deps.now() });
    },
    breadcrumbs: () => trail,
    report(kind, error, detail = null) {
      try {
        if (sent >= CLIENT_REPORT_LIMITS.reportsPerPage) return;
        sent += 1;
        const thrown = describeThrown(error);
        const stack =
          detail === null ? thrown.stack : `${thrown.stack ?? thrown.message}\n${detail}`;
        const report: ClientReport = {
          kind,
          message: thrown.message === '' ? kind : thrown.message,
          stack,
          page: deps.page(),
          release: deps.release,
          userAgent: deps.userAgent,
          traceSampled: sampled,
          breadcrumbs: sampled ? trail : [],
        };
        const sending = deps
          .loadSender()
          .then((send) => send(report, deps.sessionId))
          .catch(() => undefined);
        pending = Promise.all([pending, sending]).then(() => undefined);
      } catch {
        // A report that cannot even be built is dropped: reporting must never fail the page.
      }
    },
    settled: () => pending,
  };
  return reporter;
}

/** A button's or link's accessible name, as a click breadcrumb: never a field's value. */
export function clickedName(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  const control = target.closest('button, a, [role="button"], [role="link"], [role="tab"]');
  if (control === null) return null;
  const label =
    control.getAttribute('aria-label') ?? control.getAttribute('title') ?? control.textContent;
  const name = label.replace(/\s+/g, ' ').trim().slice(0, 80);
  const role =
    control.tagName === 'A' || control.getAttribute('role') === 'link' ? 'link' : 'button';
  return name === '' ? role : `${role} "${name}"`;
}

/**
 * Listens to the page for the reporter: clicks on buttons and links (breadcrumbs), uncaught
 * errors and unhandled rejections (reports). Returns the function that stops listening.
 */
export function listenForReports(reporter: ErrorReporter, win: Window = window): () => void {
  const onClick = (event: MouseEvent) => {
    const name = clickedName(event.target);
    if (name !== null) reporter.breadcrumb('click', name);
  };
  const onError = (event: ErrorEvent) => {
    const thrown: unknown = event.error;
    reporter.report('error', thrown ?? event.message);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    reporter.report('unhandled_rejection', reason);
  };
  win.document.addEventListener('click', onClick, { capture: true, passive: true });
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.document.removeEventListener('click', onClick, { capture: true });
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}

/** The reporter of this page in the browser. */
export function browserErrorReporter(sessionId: string | null): ErrorReporter {
  return createErrorReporter({
    random: Math.random,
    now: Date.now,
    page: () => window.location.pathname,
    sessionId,
    userAgent: typeof navigator === 'undefined' ? null : navigator.userAgent,
    release: null,
    loadSender: () => import('./report-sender').then((module) => module.sendClientReport),
  });
}
