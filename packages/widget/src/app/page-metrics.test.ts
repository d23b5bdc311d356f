import { describe, expect, it } from 'vitest';
import type { MetricsBody } from '@cashdesk/domain';
import { startPageMetrics } from './page-metrics';
import type { PageMetricsDeps, WebVitals } from './page-metrics';

type Report = (metric: { readonly value: number }) => void;

/** web-vitals as a test drives it: each callback kept, called when the test says. */
function fakeVitals() {
  const callbacks = new Map<string, Report>();
  const vitals: WebVitals = {
    onLCP: (report) => callbacks.set('LCP', report),
    onINP: (report) => callbacks.set('INP', report),
    onCLS: (report) => callbacks.set('CLS', report),
    onTTFB: (report) => callbacks.set('TTFB', report),
  };
  const fire = (name: string, value: number) => {
    const report = callbacks.get(name);
    if (report === undefined) throw new Error(`${name} has no callback`);
    report({ value });
  };
  return { vitals, fire };
}

function harness(overrides: Partial<PageMetricsDeps> = {}) {
  const sent: { path: string; body: MetricsBody }[] = [];
  const { vitals, fire } = fakeVitals();
  let loads = 0;
  let firstInput: ((delay: number) => void) | null = null;
  let expired = false;
  const deps: PageMetricsDeps = {
    address: 'https://cashier.test/deposit?session_id=s&metrics=1',
    metricsParam: 1,
    sessionId: 'session-1',
    isSessionExpired: () => expired,
    tags: { brand: 'brand0', channel: 'MOBILE_WEB' },
    now: () => 812.6,
    send: (path, body) => sent.push({ path, body }),
    loadWebVitals: () => {
      loads += 1;
      return Promise.resolve(vitals);
    },
    observeFirstInput: (report) => {
      firstInput = report;
      return () => undefined;
    },
    ...overrides,
  };
  return {
    deps,
    sent,
    fire,
    loads: () => loads,
    input: (delay: number) => firstInput?.(delay),
    expire: () => {
      expired = true;
    },
  };
}

/** Lets the dynamic import's promise settle. */
const settled = () =>
  new Promise<void>((resolve) => {
    queueMicrotask(resolve);
  });

describe('page metrics (SPEC §7: sent once per metric when the metrics parameter is set)', () => {
  it('SPEC §7: sends nothing and loads nothing when the metrics parameter is absent or 0', async () => {
    for (const metricsParam of [null, 0]) {
      const page = harness({ metricsParam });
      startPageMetrics(page.deps);
      page.input(5);
      await settled();
      expect(page.sent).toEqual([]);
      expect(page.loads()).toBe(0);
    }
  });

  it('SPEC §7: sends nothing without a session', async () => {
    const page = harness({ sessionId: null });
    startPageMetrics(page.deps);
    await settled();
    expect(page.sent).toEqual([]);
  });

  it('SPEC §7: TTI at once, FID and the web vitals when measured, each once, rounded, to payments/metrics', async () => {
    const page = harness();
    startPageMetrics(page.deps);
    await settled();
    page.input(12.4);
    page.input(40);
    page.fire('LCP', 1500.5);
    page.fire('LCP', 2100);
    page.fire('INP', 88);
    page.fire('CLS', 0.0834);
    page.fire('TTFB', 230.2);
    expect(page.sent.map((report) => report.path)).toEqual(Array(6).fill('payments/metrics'));
    expect(page.sent.map((report) => report.body.metrics)).toEqual([
      [{ name: 'TTI', value: 813 }],
      [{ name: 'FID', value: 12 }],
      [{ name: 'LCP', value: 1501 }],
      [{ name: 'INP', value: 88 }],
      [{ name: 'CLS', value: 83 }],
      [{ name: 'TTFB', value: 230 }],
    ]);
    expect(page.sent[0]?.body.tags).toEqual({ brand: 'brand0', channel: 'MOBILE_WEB' });
    expect(page.loads()).toBe(1);
  });

  it('SPEC §7: a withdrawal page reports to payouts/metrics', () => {
    const page = harness({ address: 'https://cashier.test/withdrawal?session_id=s&metrics=1' });
    startPageMetrics(page.deps);
    expect(page.sent.map((report) => report.path)).toEqual(['payouts/metrics']);
  });

  it('SPEC §7: stops sending once the session expired', async () => {
    const page = harness();
    startPageMetrics(page.deps);
    await settled();
    page.expire();
    page.input(10);
    page.fire('LCP', 900);
    expect(page.sent.map((report) => report.body.metrics[0]?.name)).toEqual(['TTI']);
  });

  it('does not start web vitals for a page that already stopped', async () => {
    const page = harness();
    const stop = startPageMetrics(page.deps);
    stop();
    await settled();
    expect(() => {
      page.fire('LCP', 900);
    }).toThrow(/no callback/);
  });
});
