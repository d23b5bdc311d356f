import { describe, expect, it } from 'vitest';
import { isStatusPageMode, statusPageOf, statusPageView } from './path-fragments';
import { parseResultViewKind, parseResultViewStatus } from './result-route';

describe('status pages (SPEC §2)', () => {
  it.each([
    ['/deposit/deposit-success', { flow: 'deposit', status: 'success', view: null }],
    ['/deposit/deposit-processing', { flow: 'deposit', status: 'processing', view: null }],
    ['/deposit/deposit-error', { flow: 'deposit', status: 'error', view: null }],
    ['/deposit/deposit-await', { flow: 'deposit', status: 'await', view: null }],
    [
      '/deposit/deposit-charity-success',
      { flow: 'deposit', status: 'charity-success', view: null },
    ],
    ['/withdrawal/withdrawal-error?x=1', { flow: 'withdrawal', status: 'error', view: null }],
    ['/deposit/deposit-fail', { flow: 'deposit', status: 'error', view: null }],
    [
      '/withdrawal/withdrawal-redirect',
      { flow: 'withdrawal', status: 'processing', view: 'redirect' },
    ],
    ['/withdrawal/deposit-success', null],
    ['/deposit/visa', null],
    ['/deposit', null],
    ['/cards/cards-success', null],
    ['/deposit/deposit-success/x', null],
  ])('%j shows %j', (address, expected) => {
    expect(statusPageOf(address)).toEqual(expected);
  });
});

describe('view statuses and view kinds (SPEC §2)', () => {
  it.each([
    ['success', { status: 'success', view: null }],
    ['charity-success', { status: 'charity-success', view: null }],
    ['FAIL', { status: 'error', view: null }],
    [' redirect ', { status: 'processing', view: 'redirect' }],
    ['declined', null],
    [7, null],
  ])('SPEC §2: the view status %j is %j', (value, expected) => {
    expect(parseResultViewStatus(value)).toEqual(expected);
  });

  it.each([
    ['blank', 'blank'],
    ['Redirect', 'redirect'],
    ['result', 'result'],
    ['popup', null],
    [null, null],
  ])('SPEC §2: the view kind %j is %j', (value, expected) => {
    expect(parseResultViewKind(value)).toBe(expected);
  });
});

describe('status-page mode and detection inside the embedding parent frame (SPEC §2)', () => {
  it.each([
    ['status_page', true],
    ['STATUS-PAGE', true],
    ['statusPage', true],
    ['popup', false],
    ['', false],
    [null, false],
  ])('SPEC §2: mode %j is the status-page mode: %s', (mode, expected) => {
    expect(isStatusPageMode(mode)).toBe(expected);
  });

  it('SPEC §2: a status page inside a frame of the cashier itself is detected, in status-page mode and blank', () => {
    expect(
      statusPageView({
        address: 'https://pay.example/deposit/deposit-success?transaction_id=t1',
        statusPageMode: false,
        parentAddress: 'https://pay.example/deposit/101?session_id=s1',
      }),
    ).toEqual({
      flow: 'deposit',
      status: 'success',
      statusPageMode: true,
      embeddedInCashier: true,
      view: 'blank',
    });
  });

  it('SPEC §2: a parent that is not a cashier page (the back office, a host) is no embedding cashier', () => {
    for (const parentAddress of ['https://pay.example/back-office/configuration', null]) {
      expect(
        statusPageView({ address: '/deposit/deposit-error', statusPageMode: false, parentAddress }),
      ).toMatchObject({ statusPageMode: false, embeddedInCashier: false, view: 'result' });
    }
  });

  it('SPEC §2: mode=status_page puts a status page alone in status-page mode, showing the result', () => {
    expect(
      statusPageView({
        address: '/withdrawal/withdrawal-fail',
        statusPageMode: true,
        parentAddress: null,
      }),
    ).toEqual({
      flow: 'withdrawal',
      status: 'error',
      statusPageMode: true,
      embeddedInCashier: false,
      view: 'result',
    });
  });

  it('SPEC §2: the view parameter decides the view, else the view status, else the frame', () => {
    const at = (address: string, parentAddress: string | null = null) =>
      statusPageView({ address, statusPageMode: false, parentAddress })?.view;
    expect(at('/deposit/deposit-success?view=redirect')).toBe('redirect');
    expect(at('/deposit/deposit-success?view=blank')).toBe('blank');
    expect(at('/deposit/deposit-redirect')).toBe('redirect');
    expect(at('/deposit/deposit-redirect?view=result')).toBe('result');
    expect(at('/deposit/deposit-success?view=result', 'https://p.example/deposit')).toBe('result');
    expect(at('/deposit/deposit-success?view=odd', 'https://p.example/deposit')).toBe('blank');
  });

  it('is null for a page that is no status page', () => {
    expect(
      statusPageView({ address: '/deposit', statusPageMode: true, parentAddress: null }),
    ).toBeNull();
  });
});
