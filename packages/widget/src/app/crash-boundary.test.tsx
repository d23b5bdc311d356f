import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientReport } from '@cashdesk/domain';
import { createI18n } from '../i18n/i18n';
import { createErrorReporter } from './error-reporter';

const calls: string[] = [];

vi.mock('../host/host-bridge', () => ({
  requestReInit: vi.fn(() => {
    calls.push('reinitialise');
    return true;
  }),
}));

const { requestReInit } = await import('../host/host-bridge');
const { CrashBoundary } = await import('./crash-boundary');

function Broken(): never {
  throw new TypeError('amount is undefined');
}

afterEach(() => {
  calls.length = 0;
  vi.mocked(requestReInit).mockClear();
  vi.restoreAllMocks();
});

describe('CrashBoundary (SPEC §4 render crash, §8 unhandled render error)', () => {
  it('SPEC §4: reports the render crash, then asks the host to reinitialise, and shows the crash notice', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sent: ClientReport[] = [];
    const reporter = createErrorReporter({
      random: () => 0.1,
      now: () => 1,
      page: () => '/deposit',
      sessionId: 's-1',
      userAgent: null,
      release: null,
      loadSender: () =>
        Promise.resolve((report: ClientReport) => {
          sent.push(report);
          return Promise.resolve();
        }),
    });
    const report = vi.spyOn(reporter, 'report').mockImplementation(() => {
      calls.push('report');
    });
    reporter.breadcrumb('navigation', '/deposit');
    const i18n = await createI18n('en');
    render(
      <I18nextProvider i18n={i18n}>
        <CrashBoundary reporter={reporter}>
          <Broken />
        </CrashBoundary>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(calls).toEqual(['report', 'reinitialise']);
    expect(report).toHaveBeenCalledTimes(1);
    const [kind, error, detail] = report.mock.calls[0] ?? [];
    expect(kind).toBe('render_crash');
    expect(error).toBeInstanceOf(TypeError);
    expect(typeof detail).toBe('string');
  });

  it('SPEC §4: the crash report carries the error, the page and the breadcrumbs of a sampled page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sent: ClientReport[] = [];
    const reporter = createErrorReporter({
      random: () => 0.1,
      now: () => 1,
      page: () => '/deposit',
      sessionId: 's-1',
      userAgent: null,
      release: null,
      loadSender: () =>
        Promise.resolve((report: ClientReport) => {
          sent.push(report);
          return Promise.resolve();
        }),
    });
    reporter.breadcrumb('navigation', '/deposit');
    const i18n = await createI18n('en');
    render(
      <I18nextProvider i18n={i18n}>
        <CrashBoundary reporter={reporter}>
          <Broken />
        </CrashBoundary>
      </I18nextProvider>,
    );
    await screen.findByRole('alert');
    await reporter.settled();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: 'render_crash',
      message: 'TypeError: amount is undefined',
      page: '/deposit',
      traceSampled: true,
      breadcrumbs: [{ type: 'navigation', message: '/deposit', at: 1 }],
    });
    expect(sent[0]?.stack).toContain('Broken');
    expect(requestReInit).toHaveBeenCalledTimes(1);
  });

  it('still asks the host to reinitialise without a reporter', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const i18n = await createI18n('en');
    render(
      <I18nextProvider i18n={i18n}>
        <CrashBoundary>
          <Broken />
        </CrashBoundary>
      </I18nextProvider>,
    );
    await screen.findByRole('alert');
    expect(requestReInit).toHaveBeenCalledTimes(1);
  });
});
