import { describe, expect, it } from 'vitest';
import {
  CLIENT_REPORT_LIMITS,
  addBreadcrumb,
  reportPagePath,
  scrubClientReport,
  scrubReportText,
  shouldSampleTrace,
} from './client-reports';
import type { Breadcrumb, ClientReport } from './client-reports';

function crumb(index: number): Breadcrumb {
  return { type: 'click', message: `button ${String(index)}`, at: 1_000 + index };
}

function report(overrides: Partial<ClientReport> = {}): ClientReport {
  return {
    kind: 'render_crash',
    message: 'boom',
    stack: null,
    page: '/deposit',
    release: null,
    userAgent: null,
    traceSampled: true,
    breadcrumbs: [],
    ...overrides,
  };
}

describe('breadcrumb trail (SPEC §9: 20 breadcrumbs)', () => {
  it('keeps every breadcrumb up to 20', () => {
    let trail: Breadcrumb[] = [];
    for (let index = 0; index < 20; index += 1) trail = addBreadcrumb(trail, crumb(index));
    expect(trail).toHaveLength(20);
    expect(trail[0]).toEqual(crumb(0));
  });

  it('drops the oldest when a 21st arrives, keeping the last 20 in order', () => {
    let trail: Breadcrumb[] = [];
    for (let index = 0; index < 45; index += 1) trail = addBreadcrumb(trail, crumb(index));
    expect(trail).toHaveLength(20);
    expect(trail.map((entry) => entry.at)).toEqual(
      Array.from({ length: 20 }, (_, index) => 1_000 + 25 + index),
    );
  });

  it('returns a new array and leaves the earlier trail as it was', () => {
    const before = [crumb(1)];
    const after = addBreadcrumb(before, crumb(2));
    expect(before).toEqual([crumb(1)]);
    expect(after).toEqual([crumb(1), crumb(2)]);
  });

  it('keeps nothing with a capacity of 0', () => {
    expect(addBreadcrumb([crumb(1)], crumb(2), 0)).toEqual([]);
  });
});

describe('trace sampling (SPEC §9: trace sample rate 0.9)', () => {
  it('samples a draw below 0.9 and not one at or above it', () => {
    expect(shouldSampleTrace(() => 0)).toBe(true);
    expect(shouldSampleTrace(() => 0.8999)).toBe(true);
    expect(shouldSampleTrace(() => 0.9)).toBe(false);
    expect(shouldSampleTrace(() => 0.99)).toBe(false);
  });

  it('samples nine draws in ten over an even spread of draws', () => {
    const draws = Array.from({ length: 1_000 }, (_, index) => index / 1_000);
    expect(draws.filter((draw) => shouldSampleTrace(() => draw))).toHaveLength(900);
  });

  it('takes another rate when given one', () => {
    expect(shouldSampleTrace(() => 0.5, 0.25)).toBe(false);
    expect(shouldSampleTrace(() => 0.5, 1)).toBe(true);
  });
});

describe('report scrubbing (SPEC §8, ARCHITECTURE "a card number or CVV is never written")', () => {
  it.each([
    ['4111111111111111', '[card]'],
    ['card 4111 1111 1111 1111 refused', 'card [card] refused'],
    ['card 4111-1111-1111-1111', 'card [card]'],
    ['pan=5500000000000004&x=1', 'pan=[card]&x=1'],
    ['amex 3782 822463 10005', 'amex [card]'],
    ['nineteen 6011000990139424123', 'nineteen [card]'],
    ['thirteen 4222222222222.', 'thirteen [card].'],
    ['value4111111111111111end', 'value[card]end'],
  ])('removes card-number-like digit runs: %s', (input, expected) => {
    expect(scrubReportText(input)).toBe(expected);
  });

  it.each([
    'order 123456789012 of 12 items',
    'at render (index.js:12:3456)',
    '+44 20 7946 0958',
    'amount 1000.00 EUR',
  ])('keeps shorter digit runs: %s', (input) => {
    expect(scrubReportText(input)).toBe(input);
  });

  it.each([
    ['cvv=123', 'cvv=[redacted]'],
    ['{"cvc":"1234","name":"A"}', '{"cvc":"[redacted]","name":"A"}'],
    ['CVV2: 987 given', 'CVV2: [redacted] given'],
    ['security_code = 321', 'security_code = [redacted]'],
    ['form.securityCode=555', 'form.securityCode=[redacted]'],
    ['a?csc%3D123', 'a?csc%3D[redacted]'],
  ])('removes the values of CVV-like fields: %s', (input, expected) => {
    expect(scrubReportText(input)).toBe(expected);
  });

  it.each([
    [
      'https://c.example/deposit?session_id=abc123&lang=en',
      'https://c.example/deposit?session_id=[redacted]&lang=en',
    ],
    ['/x?lang=en&cashier_session_id=Zz_9-', '/x?lang=en&cashier_session_id=[redacted]'],
    ['fetch failed: x-session-id: s3cr3t', 'fetch failed: x-session-id: [redacted]'],
    ['{"sessionId":"s3cr3t"}', '{"sessionId":"[redacted]"}'],
    ['next=%2Fdeposit%3Fsession_id%3Dabc', 'next=%2Fdeposit%3Fsession_id%3D[redacted]'],
  ])('removes session id values (SPEC §6): %s', (input, expected) => {
    expect(scrubReportText(input)).toBe(expected);
  });

  it('removes control characters and lone surrogates, which the server refuses', () => {
    expect(scrubReportText('a\u0000b\u001b[31mc\td\ne\u007f')).toBe('ab[31mc\td\ne');
    expect(scrubReportText('x\ud800y\udc00z \ud83d\ude00')).toBe('x\uFFFDy\uFFFDz \ud83d\ude00');
  });

  it('never cuts a surrogate pair in half when it bounds a text', () => {
    const text = `${'a'.repeat(CLIENT_REPORT_LIMITS.message - 1)}\ud83d\ude00`;
    const kept = scrubClientReport(report({ message: text })).message;
    expect(kept).toBe('a'.repeat(CLIENT_REPORT_LIMITS.message - 1));
  });

  it('reduces a page address to its path without query or fragment', () => {
    expect(reportPagePath('https://c.example:8080/deposit/12?session_id=abc#top')).toBe(
      '/deposit/12',
    );
    expect(reportPagePath('/withdrawal?session_id=abc')).toBe('/withdrawal');
    expect(reportPagePath('https://c.example')).toBe('/');
    expect(reportPagePath('/cards/4111111111111111')).toBe('/cards/[card]');
    expect(reportPagePath(`/${'a'.repeat(600)}`)).toHaveLength(CLIENT_REPORT_LIMITS.page);
  });

  it('scrubs and bounds every text of a report, breadcrumbs included (SPEC §4 render crash)', () => {
    const scrubbed = scrubClientReport(
      report({
        message: `card 4111 1111 1111 1111 ${'x'.repeat(3_000)}`,
        stack: 'Error: cvv=123\n at /deposit?session_id=abc',
        page: '/deposit?session_id=abc',
        release: '1.2.3',
        userAgent: 'Chromium',
        breadcrumbs: [
          { type: 'navigation', message: '/deposit?session_id=abc', at: 1 },
          { type: 'click', message: `Pay 4111111111111111 ${'y'.repeat(300)}`, at: 2 },
        ],
      }),
    );
    expect(scrubbed.message.startsWith('card [card] x')).toBe(true);
    expect(scrubbed.message).toHaveLength(CLIENT_REPORT_LIMITS.message);
    expect(scrubbed.stack).toBe('Error: cvv=[redacted]\n at /deposit?session_id=[redacted]');
    expect(scrubbed.page).toBe('/deposit');
    expect(scrubbed.release).toBe('1.2.3');
    expect(scrubbed.userAgent).toBe('Chromium');
    expect(scrubbed.breadcrumbs[0]).toEqual({
      type: 'navigation',
      message: '/deposit?session_id=[redacted]',
      at: 1,
    });
    expect(scrubbed.breadcrumbs[1]?.message.startsWith('Pay [card] y')).toBe(true);
    expect(scrubbed.breadcrumbs[1]?.message).toHaveLength(CLIENT_REPORT_LIMITS.breadcrumbMessage);
  });

  it('keeps the last 20 breadcrumbs of a sampled report and none of an unsampled one (SPEC §9)', () => {
    const breadcrumbs = Array.from({ length: 25 }, (_, index) => crumb(index));
    expect(scrubClientReport(report({ breadcrumbs })).breadcrumbs.map((entry) => entry.at)).toEqual(
      breadcrumbs.slice(5).map((entry) => entry.at),
    );
    const unsampled = scrubClientReport(report({ breadcrumbs, traceSampled: false }));
    expect(unsampled.breadcrumbs).toEqual([]);
    expect(unsampled.traceSampled).toBe(false);
  });

  it('is stable: scrubbing a scrubbed report changes nothing (the server scrubs again)', () => {
    const once = scrubClientReport(
      report({ message: 'cvv=123 4111111111111111 session_id=abc', stack: null }),
    );
    expect(scrubClientReport(once)).toEqual(once);
  });
});
