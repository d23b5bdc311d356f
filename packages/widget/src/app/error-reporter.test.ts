import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientReport } from '@cashdesk/domain';
import { clickedName, createErrorReporter, listenForReports } from './error-reporter';
import type { ErrorReporterDeps, ReportSender } from './error-reporter';
import { clientReportBody } from './report-sender';

function setUp(overrides: Partial<ErrorReporterDeps> = {}) {
  const sent: { report: ClientReport; sessionId: string | null }[] = [];
  const send: ReportSender = (report, sessionId) => {
    sent.push({ report, sessionId });
    return Promise.resolve();
  };
  let clock = 1_000;
  const reporter = createErrorReporter({
    random: () => 0.5,
    now: () => (clock += 1),
    page: () => '/deposit',
    sessionId: 's-1',
    userAgent: 'jsdom',
    release: null,
    loadSender: () => Promise.resolve(send),
    ...overrides,
  });
  return { reporter, sent };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('error reporter (SPEC §4, §8, §9)', () => {
  it('SPEC §9: keeps the last 20 breadcrumbs, the oldest dropped', () => {
    const { reporter } = setUp();
    for (let index = 0; index < 27; index += 1) reporter.breadcrumb('click', `button ${index}`);
    const trail = reporter.breadcrumbs();
    expect(trail).toHaveLength(20);
    expect(trail[0]?.message).toBe('button 7');
    expect(trail.at(-1)?.message).toBe('button 26');
  });

  it('SPEC §9: a sampled page (draw below 0.9) reports with its breadcrumbs and trace_sampled true', async () => {
    const { reporter, sent } = setUp({ random: () => 0.89 });
    reporter.breadcrumb('navigation', '/deposit');
    reporter.report('error', new TypeError('amount is undefined'));
    await reporter.settled();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.sessionId).toBe('s-1');
    expect(sent[0]?.report).toMatchObject({
      kind: 'error',
      message: 'TypeError: amount is undefined',
      page: '/deposit',
      traceSampled: true,
      breadcrumbs: [{ type: 'navigation', message: '/deposit' }],
    });
  });

  it('SPEC §9: an unsampled page (draw 0.9 or more) still reports, without breadcrumbs', async () => {
    const { reporter, sent } = setUp({ random: () => 0.9 });
    reporter.breadcrumb('navigation', '/deposit');
    reporter.report('unhandled_rejection', 'refused');
    await reporter.settled();
    expect(sent[0]?.report).toMatchObject({
      kind: 'unhandled_rejection',
      message: 'refused',
      traceSampled: false,
      breadcrumbs: [],
    });
  });

  it('sends at most 10 reports a page load, so a crash loop cannot flood the server', async () => {
    const { reporter, sent } = setUp();
    for (let index = 0; index < 25; index += 1) reporter.report('error', new Error(`e${index}`));
    await reporter.settled();
    expect(sent).toHaveLength(10);
  });

  it('drops a report whose sender fails or cannot load, and never throws', async () => {
    const failing = setUp({ loadSender: () => Promise.resolve(() => Promise.reject(new Error())) });
    expect(() => {
      failing.reporter.report('error', new Error('x'));
    }).not.toThrow();
    await failing.reporter.settled();
    const unloadable = setUp({ loadSender: () => Promise.reject(new Error('chunk')) });
    unloadable.reporter.report('error', new Error('x'));
    await expect(unloadable.reporter.settled()).resolves.toBeUndefined();
    const broken = setUp({
      page: () => {
        throw new Error('no page');
      },
    });
    expect(() => {
      broken.reporter.report('error', new Error('x'));
    }).not.toThrow();
  });

  it('reports uncaught errors and unhandled rejections of the window, and records clicks by name', async () => {
    const { reporter, sent } = setUp();
    const stop = listenForReports(reporter);
    document.body.innerHTML =
      '<form><input name="card_number" value="4111111111111111"><button type="button">Pay now</button></form>';
    document.querySelector('button')?.click();
    document.querySelector('input')?.click();
    window.dispatchEvent(new ErrorEvent('error', { error: new RangeError('bad'), message: 'bad' }));
    const rejection = new Event('unhandledrejection');
    Object.defineProperty(rejection, 'reason', { value: new Error('lost') });
    window.dispatchEvent(rejection);
    await reporter.settled();
    expect(reporter.breadcrumbs().map((crumb) => crumb.message)).toEqual(['button "Pay now"']);
    expect(sent.map((entry) => [entry.report.kind, entry.report.message])).toEqual([
      ['error', 'RangeError: bad'],
      ['unhandled_rejection', 'Error: lost'],
    ]);
    stop();
    const later = new Event('unhandledrejection');
    Object.defineProperty(later, 'reason', { value: new Error('after') });
    window.dispatchEvent(later);
    await reporter.settled();
    expect(sent).toHaveLength(2);
  });

  it('names a clicked link or button by its accessible name, never a field value', () => {
    document.body.innerHTML =
      '<a href="/x" aria-label="Terms"><span>T</span></a><button><svg></svg></button><input value="secret">';
    expect(clickedName(document.querySelector('span'))).toBe('link "Terms"');
    expect(clickedName(document.querySelector('svg'))).toBe('button');
    expect(clickedName(document.querySelector('input'))).toBeNull();
    expect(clickedName(null)).toBeNull();
  });

  it('scrubs what it sends: no card number, CVV or session id in the wire body', () => {
    const body = clientReportBody({
      kind: 'render_crash',
      message: 'card 4111 1111 1111 1111 cvv=123',
      stack: 'at /deposit?session_id=abc',
      page: '/deposit?session_id=abc',
      release: null,
      userAgent: 'jsdom',
      traceSampled: true,
      breadcrumbs: [{ type: 'click', message: 'Pay 4111111111111111', at: 1 }],
    });
    expect(body).toEqual({
      kind: 'render_crash',
      message: 'card [card] cvv=[redacted]',
      stack: 'at /deposit?session_id=[redacted]',
      page: '/deposit',
      release: null,
      user_agent: 'jsdom',
      trace_sampled: true,
      breadcrumbs: [{ type: 'click', message: 'Pay [card]', at: 1 }],
    });
  });
});

describe('sendClientReport', () => {
  it('posts the scrubbed report with the session header and keepalive, and rejects a refusal', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(new Response('{"accepted":true}', { status: 202 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      const { sendClientReport } = await import('./report-sender');
      const report: ClientReport = {
        kind: 'error',
        message: 'x',
        stack: null,
        page: '/deposit',
        release: null,
        userAgent: null,
        traceSampled: false,
        breadcrumbs: [],
      };
      await sendClientReport(report, 's-1');
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/cashier-service/v1.0/client-reports',
        expect.objectContaining({
          method: 'POST',
          keepalive: true,
          headers: { 'content-type': 'application/json', 'x-session-id': 's-1' },
        }),
      );
      fetchMock.mockImplementationOnce(() => Promise.resolve(new Response('{}', { status: 429 })));
      await expect(sendClientReport(report, null)).rejects.toThrow();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
