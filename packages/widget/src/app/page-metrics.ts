/**
 * Page metrics (SPEC §7): what the cashier measures of its own page and reports to
 * `payments/metrics` or `payouts/metrics`.
 *
 * - **TTI**: when the cashier's first screen was mounted and answers input (the app's first
 *   commit, on the page's clock). The lab metric of that name cannot be measured in the field;
 *   this is the moment it stands for.
 * - **FID**: the first input's delay, from the browser's `first-input` entry.
 * - **LCP, INP, CLS, TTFB**: as `web-vitals` measures them; CLS in thousandths (domain
 *   `metricWireValue`). The package is loaded only when metrics are on, after the first screen,
 *   so it is never part of the first paint.
 *
 * The domain decides each send (`shouldSendMetric`: the metrics parameter set and not 0, a
 * session that has not expired, each metric once per page load) and builds the body. A report is
 * sent with `keepalive`, because LCP, CLS and INP are final only when the page is hidden, and a
 * failure is not retried (a lost timing is not worth a player's data). A failure with code 17
 * marks the session expired, as any call's does (store/store.ts).
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import { buildMetricsBody, metricsPath, metricWireValue, shouldSendMetric } from '@cashdesk/domain';
import type { MetricName, MetricsBody } from '@cashdesk/domain';
import { callEndpoint, isSessionExpiredApiError } from '../api/http';
import { sessionExpired } from '../store/session-slice';
import type { Startup } from '../startup/startup';
import type { AppStore } from '../store/store';

/** The part of `web-vitals` used here (loaded on demand). */
export interface WebVitals {
  onLCP(report: (metric: { readonly value: number }) => void): void;
  onINP(report: (metric: { readonly value: number }) => void): void;
  onCLS(report: (metric: { readonly value: number }) => void): void;
  onTTFB(report: (metric: { readonly value: number }) => void): void;
}

/** What {@link startPageMetrics} needs from the page, the session and the network. */
export interface PageMetricsDeps {
  /** The page's address (it picks payments/metrics or payouts/metrics). */
  readonly address: string;
  /** The metrics start-up parameter as parsed. */
  readonly metricsParam: number | null;
  readonly sessionId: string | null;
  /** Read at each send: a session that expired meanwhile sends nothing more. */
  readonly isSessionExpired: () => boolean;
  /** SPEC §7 tags (brand, channel, language, …): nothing that identifies the player. */
  readonly tags: Readonly<Record<string, string>>;
  /** Milliseconds since the page's navigation started, now (`performance.now()`). */
  readonly now: () => number;
  /** Sends one report; never throws. */
  readonly send: (path: 'payments/metrics' | 'payouts/metrics', body: MetricsBody) => void;
  /** Loads `web-vitals` (a dynamic import: a chunk of its own). */
  readonly loadWebVitals: () => Promise<WebVitals>;
  /** Calls back once with the first input's delay in milliseconds; returns a stop function. */
  readonly observeFirstInput: (report: (delayMs: number) => void) => () => void;
}

/**
 * Starts measuring (see the module comment); reports TTI at once, since it is called when the
 * first screen was mounted. Does nothing, and loads nothing, when metrics are off for this page.
 *
 * @returns stops the observers this page started (web-vitals' own stay until the page goes).
 */
export function startPageMetrics(deps: PageMetricsDeps): () => void {
  const sent = new Set<MetricName>();
  const allowed = (metric: MetricName) =>
    shouldSendMetric({
      metricsParam: deps.metricsParam,
      sessionId: deps.sessionId,
      isSessionExpired: deps.isSessionExpired(),
      metric,
      alreadySent: sent,
    });
  if (!allowed('TTI')) return () => undefined;
  const path = metricsPath(deps.address);
  const report = (metric: MetricName, measured: number) => {
    if (!allowed(metric)) return;
    const body = buildMetricsBody(
      [{ name: metric, value: metricWireValue(metric, measured) }],
      deps.tags,
    );
    if (body.metrics.length === 0) return;
    sent.add(metric);
    deps.send(path, body);
  };
  report('TTI', deps.now());
  const stopFirstInput = deps.observeFirstInput((delay) => {
    report('FID', delay);
  });
  let stopped = false;
  deps
    .loadWebVitals()
    .then((vitals) => {
      if (stopped) return;
      vitals.onLCP((metric) => {
        report('LCP', metric.value);
      });
      vitals.onINP((metric) => {
        report('INP', metric.value);
      });
      vitals.onCLS((metric) => {
        report('CLS', metric.value);
      });
      vitals.onTTFB((metric) => {
        report('TTFB', metric.value);
      });
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    stopFirstInput();
  };
}

/** The browser's first input's delay (Event Timing `first-input`), once; a stop function. */
export function observeFirstInput(report: (delayMs: number) => void): () => void {
  if (typeof PerformanceObserver === 'undefined') return () => undefined;
  const supported: readonly string[] = PerformanceObserver.supportedEntryTypes;
  if (!supported.includes('first-input')) return () => undefined;
  const observer = new PerformanceObserver((list) => {
    const [entry] = list.getEntries();
    if (entry instanceof PerformanceEventTiming) {
      report(entry.processingStart - entry.startTime);
      observer.disconnect();
    }
  });
  observer.observe({ type: 'first-input', buffered: true });
  return () => {
    observer.disconnect();
  };
}

/** SPEC §7 tags of this page: where and how it runs, never who uses it. */
export function metricTags(startup: Startup): Readonly<Record<string, string>> {
  return {
    brand: startup.params.brand,
    channel: startup.environment.channel,
    platform: startup.environment.platform,
    device: startup.environment.device,
    language: startup.language,
    page: startup.page.kind,
    flow: startup.page.flow,
    theme: startup.theme.theme,
  };
}

/** {@link PageMetricsDeps} of the running cashier: this page, its store and the network. */
export function browserPageMetrics(startup: Startup, store: AppStore): PageMetricsDeps {
  const sessionId = startup.params.sessionId;
  return {
    address: startup.address,
    metricsParam: startup.params.metrics,
    sessionId,
    isSessionExpired: () => store.getState().session.isSessionExpired,
    tags: metricTags(startup),
    now: () => performance.now(),
    send: (path, body) => {
      const endpoint =
        path === 'payments/metrics' ? ENDPOINTS.depositMetrics : ENDPOINTS.payoutMetrics;
      const wire = { metrics: [...body.metrics], tags: { ...body.tags } };
      void callEndpoint(endpoint, { body: wire, sessionId, keepalive: true }).then((result) => {
        // SPEC §8: code 17 in a metrics failure marks the session expired.
        if ('error' in result && isSessionExpiredApiError(result.error)) {
          store.dispatch(sessionExpired());
        }
      });
    },
    loadWebVitals: () => import('web-vitals'),
    observeFirstInput,
  };
}
