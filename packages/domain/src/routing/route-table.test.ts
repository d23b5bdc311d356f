import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectPageKind, detectPaymentFlow } from './page-kind';
import { buildRoutePath, findRoute, matchRoute, ROUTES, sessionIdInPath } from './route-table';
import type { RouteDefinition } from './route-table';

const SAMPLE_PARAMS = { provider: 'visa', form: 'card', sessionId: 's_1' } as const;

describe('route table (SPEC §2)', () => {
  it('has unique ids and unique paths', () => {
    expect(new Set(ROUTES.map((route) => route.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
  });

  it('lists every route of the spec', () => {
    expect(ROUTES.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        '/deposit',
        '/deposit/:provider',
        '/deposit/:provider/:form',
        '/deposit/deposit-display-form',
        '/deposit/deposit-processing',
        '/deposit/deposit-success',
        '/deposit/deposit-error',
        '/deposit/deposit-await',
        // SPEC §2 view statuses fail and redirect.
        '/deposit/deposit-fail',
        '/deposit/deposit-redirect',
        '/withdrawal',
        '/withdrawal/:provider',
        '/withdrawal-cards',
        '/withdrawal-verify-account',
        '/withdrawal/withdrawal-processing',
        '/withdrawal/withdrawal-success',
        '/withdrawal/withdrawal-error',
        '/withdrawal/withdrawal-fail',
        '/withdrawal/withdrawal-redirect',
        '/betshop-deposit',
        '/betshop-withdrawal',
        '/select-country',
        '/reject-withdrawal',
        '/cards',
        '/checkout',
        '/tokenization_page',
        '/content',
        '/error',
        '/3ds_result',
        '/3ds_result/:sessionId',
        '/payments/interaction/:provider',
        '/payments/status/:provider',
        '/payments/3ds_result/:provider',
        '/account-management-blocked',
        '/account-management/status',
        '/account-management/status/success',
        '/account-management/status/error',
        '/account-management/support',
        '/deposit-history',
        '/withdrawal-history',
      ]),
    );
    expect(ROUTES).toHaveLength(43);
  });

  it('marks exactly the bet-shop withdrawal and country picker as overlays', () => {
    expect(ROUTES.filter((route) => route.overlay).map((route) => route.id)).toEqual([
      'betshop-withdrawal',
      'select-country',
    ]);
  });

  it.each(ROUTES.map((route) => [route.id, route] as const))(
    '%s: its kind and flow agree with the address rules of SPEC §1, §2',
    (id, route) => {
      const path = buildRoutePath(id, SAMPLE_PARAMS) ?? '';
      expect(matchRoute(path)?.routeId).toBe(id);
      expect(detectPageKind(path)).toBe(route.kind);
      if (route.flow !== null) expect(detectPaymentFlow(path)).toBe(route.flow);
    },
  );

  it.each([
    ['deposit-success', 'success'],
    ['withdrawal-charity-success', 'charity-success'],
    ['deposit-method', null],
  ])('%s shows result status %j', (id, expected) => {
    expect(findRoute(id)?.resultStatus).toBe(expected);
  });
});

describe('matchRoute (SPEC §2)', () => {
  it.each([
    ['/deposit', { routeId: 'deposit', params: {} }],
    ['/deposit/', { routeId: 'deposit', params: {} }],
    ['https://a.b/deposit/Visa?x=1', { routeId: 'deposit-method', params: { provider: 'Visa' } }],
    [
      '/deposit/visa/card',
      { routeId: 'deposit-method-form', params: { provider: 'visa', form: 'card' } },
    ],
    ['/deposit/deposit-success', { routeId: 'deposit-success', params: {} }],
    ['/Deposit/Deposit-Display-Form', { routeId: 'deposit-display-form', params: {} }],
    ['/withdrawal/skrill', { routeId: 'withdrawal-method', params: { provider: 'skrill' } }],
    [
      '/payments/interaction/a%20b',
      { routeId: 'payments-interaction', params: { provider: 'a b' } },
    ],
    [
      '/account-management/status/error',
      { routeId: 'account-management-status-error', params: {} },
    ],
    // Read as the browser reads the address: dot segments resolved, `\` as `/`, raw text encoded.
    ['/deposit/visa/../skrill', { routeId: 'deposit-method', params: { provider: 'skrill' } }],
    [
      '/withdrawal/%2e%2e/deposit/visa',
      { routeId: 'deposit-method', params: { provider: 'visa' } },
    ],
    ['/deposit\\visa', { routeId: 'deposit-method', params: { provider: 'visa' } }],
    ['/deposit/Zahlung ä', { routeId: 'deposit-method', params: { provider: 'Zahlung ä' } }],
    ['/withdrawal/visa/card', null],
    ['/nowhere', null],
    ['/', null],
    [null, null],
  ])('%j matches %j', (address, expected) => {
    expect(matchRoute(address)).toEqual(expected);
  });

  it('accepts a custom table (routes generated elsewhere)', () => {
    const custom: readonly RouteDefinition[] = [
      {
        id: 'home',
        path: '/:provider',
        flow: null,
        kind: 'content',
        overlay: false,
        resultStatus: null,
        purpose: 'test',
      },
      {
        id: 'odd',
        path: '/x/:unknown',
        flow: null,
        kind: 'content',
        overlay: false,
        resultStatus: null,
        purpose: 'a parameter name outside ROUTE_PARAMS is matched but not captured',
      },
    ];
    expect(matchRoute('/x', custom)).toEqual({ routeId: 'home', params: { provider: 'x' } });
    expect(matchRoute('/x/y', custom)).toEqual({ routeId: 'odd', params: {} });
    expect(buildRoutePath('odd', { provider: 'p' }, custom)).toBeNull();
  });

  it('never throws and always returns a known route or null (SPEC §2)', () => {
    const ids = new Set(ROUTES.map((route) => route.id));
    fc.assert(
      fc.property(fc.string(), (path) => {
        const match = matchRoute(path);
        expect(match === null || ids.has(match.routeId)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe('buildRoutePath (SPEC §2)', () => {
  it.each([
    ['deposit', {}, '/deposit'],
    ['deposit-method', { provider: 'visa' }, '/deposit/visa'],
    ['deposit-method-form', { provider: 'a/b', form: 'c' }, '/deposit/a%2Fb/c'],
    ['payments-status', { provider: 'p1' }, '/payments/status/p1'],
    ['deposit-method', {}, null],
    ['deposit-method', { provider: '' }, null],
    // Dot segments are resolved away by the URL standard, so they cannot be parameters.
    ['deposit-method', { provider: '.' }, null],
    ['deposit-method', { provider: '..' }, null],
    ['deposit-method', { provider: '...' }, '/deposit/...'],
    ['deposit-method', { provider: '%2e' }, '/deposit/%252e'],
    ['missing', {}, null],
  ])('%s with %j is %j', (id, params, expected) => {
    expect(buildRoutePath(id, params)).toBe(expected);
  });

  it('round-trips provider values through build and match (SPEC §2)', () => {
    fc.assert(
      fc.property(
        fc
          .string({ unit: 'grapheme', minLength: 1 })
          .filter((value) => value !== '.' && value !== '..'),
        (provider) => {
          const path = buildRoutePath('payments-status', { provider }) ?? '';
          expect(matchRoute(path)).toEqual({ routeId: 'payments-status', params: { provider } });
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('session id in the path (SPEC §7 payments/3ds-result)', () => {
  it.each([
    ['/3ds_result/s_123?transaction_id=tx_1', 's_123'],
    ['https://cashier.example/3ds_result/s%20x', 's x'],
    ['/3ds_result?transaction_id=tx_1&session_id=q', null],
    ['/payments/3ds_result/sandbox', null],
    ['/deposit/visa', null],
  ])('%s carries %j', (address, expected) => {
    expect(sessionIdInPath(address)).toBe(expected);
  });
});
