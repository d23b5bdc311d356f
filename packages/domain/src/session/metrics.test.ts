import { describe, expect, it } from 'vitest';
import {
  buildMetricsBody,
  isMetricName,
  METRIC_NAMES,
  metricsPath,
  metricWireValue,
  shouldSendMetric,
} from './metrics';
import type { MetricSendInput } from './metrics';

const BASE: MetricSendInput = {
  metricsParam: 1,
  sessionId: 's1',
  isSessionExpired: false,
  metric: 'TTI',
  alreadySent: [],
};

describe('metrics sending decision (SPEC §7)', () => {
  it.each<[string, Partial<MetricSendInput>, boolean]>([
    ['all conditions met', {}, true],
    ['metrics as text "1"', { metricsParam: '1' }, true],
    ['metrics "0"', { metricsParam: '0' }, false],
    ['metrics 0', { metricsParam: 0 }, false],
    ['metrics NaN', { metricsParam: Number.NaN }, false],
    ['metrics blank', { metricsParam: ' ' }, false],
    ['metrics absent', { metricsParam: null }, false],
    ['metrics undefined', { metricsParam: undefined }, false],
    ['no session', { sessionId: null }, false],
    ['blank session', { sessionId: ' ' }, false],
    ['expired session', { isSessionExpired: true }, false],
    ['already sent (list)', { alreadySent: ['TTI'] }, false],
    ['already sent (set)', { alreadySent: new Set(['TTI']) }, false],
    ['another metric sent', { alreadySent: new Set(['FID']) }, true],
  ])('%s: %j sends %j', (_name, change, expected) => {
    expect(shouldSendMetric({ ...BASE, ...change })).toBe(expected);
  });
});

describe('metrics path (SPEC §7: payouts unless the path is deposit)', () => {
  it.each([
    ['https://a.b/deposit/visa', 'payments/metrics'],
    ['/payments/status/x', 'payments/metrics'],
    ['/withdrawal', 'payouts/metrics'],
    ['/cards', 'payouts/metrics'],
  ])('%j posts to %s', (address, expected) => {
    expect(metricsPath(address)).toBe(expected);
  });
});

describe('metrics body (SPEC §7: values rounded)', () => {
  it('rounds values, drops non-finite ones and keeps tags', () => {
    expect(
      buildMetricsBody(
        [
          { name: 'TTI', value: 1234.5 },
          { name: 'FID', value: 12.49 },
          { name: 'BAD', value: Number.NaN },
        ],
        { channel: 'MOBILE_WEB' },
      ),
    ).toEqual({
      metrics: [
        { name: 'TTI', value: 1235 },
        { name: 'FID', value: 12 },
      ],
      tags: { channel: 'MOBILE_WEB' },
    });
  });

  it('defaults to no tags', () => {
    expect(buildMetricsBody([])).toEqual({ metrics: [], tags: {} });
  });
});

describe('metric names and units (SPEC §7 TTI and FID, and their modern equivalents)', () => {
  it("knows the spec's names and the web vitals, and nothing else", () => {
    expect(METRIC_NAMES).toEqual(['TTI', 'FID', 'LCP', 'INP', 'CLS', 'TTFB']);
    expect(isMetricName('FID')).toBe(true);
    expect(isMetricName('LCP')).toBe(true);
    expect(isMetricName('lcp')).toBe(false);
    expect(isMetricName('player_email')).toBe(false);
  });

  it('sends timings in milliseconds and the layout-shift score in thousandths, rounded on the wire', () => {
    expect(metricWireValue('LCP', 1234.4)).toBe(1234.4);
    expect(metricWireValue('CLS', 0.1254)).toBeCloseTo(125.4, 6);
    expect(
      buildMetricsBody([{ name: 'CLS', value: metricWireValue('CLS', 0.1254) }]).metrics,
    ).toEqual([{ name: 'CLS', value: 125 }]);
  });
});
