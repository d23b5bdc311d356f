import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ENDPOINT_LIST } from './endpoint-list';
import {
  ENDPOINTS,
  buildPath,
  endpointErrorNames,
  endpointErrorSchemas,
  endpointErrorsByStatus,
  endpointResponseSchemas,
  fastifyPath,
} from './endpoints';
import { OPERATOR_BASE, OPERATOR_ENDPOINTS } from './operator-endpoints';
import { STAFF_PERMISSION_OF_CALL, roleMay, roleNeedsSecondFactor } from './staff-access';
import { STAFF_BASE, STAFF_ENDPOINTS } from './staff-endpoints';
import { ERROR_CODES } from './errors';
import { ErrorBody } from './schemas/common';

function row() {
  return ENDPOINTS.clientReport;
}

describe('the endpoint table (SPEC §7)', () => {
  it('keys every row by its own id', () => {
    for (const [key, endpoint] of Object.entries(ENDPOINTS)) expect(endpoint.id).toBe(key);
  });

  it('has the calls of SPEC §7 and the sandbox routes, once each', () => {
    expect(Object.values(ENDPOINTS).map((endpoint) => endpoint.id)).toEqual([
      'depositInit',
      'depositSelect',
      'depositSubmit',
      'depositUpload',
      'payoutInit',
      'payoutSelect',
      'payoutSubmit',
      'payoutUpload',
      'depositRoute',
      'payoutRoute',
      'depositOtp',
      'reversePendingWithdrawal',
      'altInteraction',
      'altStatus',
      'alt3dsResult',
      'paymentHistory',
      'userCardsList',
      'userCardsDelete',
      'userCardsTokenize',
      'userCardsRecurringCheck',
      'contentPage',
      'requisiteCreate',
      'requisiteDelete',
      'otpSend',
      'otpVerify',
      'notifications',
      'depositMetrics',
      'payoutMetrics',
      'clientReport',
      'rtlAssets',
      'icon',
      'appearance',
      'realtimeToken',
      'analyticsCollect',
      'sandboxCreateSession',
      'sandboxThreeDsChallenge',
      'sandboxLatestOtp',
      'sandboxBalance',
      'openApiDocument',
    ]);
    const routes = ENDPOINT_LIST.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('keeps the spec paths and the chosen bases', () => {
    expect(ENDPOINTS.depositInit.path).toBe('/api/cashier-service/v1.0/payments/groups/init');
    expect(ENDPOINTS.payoutSubmit.path).toBe(
      '/api/cashier-service/v1.0/payouts/groups/{payGroupId}/submit',
    );
    expect(ENDPOINTS.depositRoute.path).toBe(
      '/api/cashier-service/payments/groups/{paygroup_id}/route',
    );
    expect(ENDPOINTS.payoutRoute.path).toBe(
      '/api/cashier-service/payouts/groups/{paygroup_id}/route',
    );
    expect(ENDPOINTS.depositOtp.path).toBe(
      '/api/cashier-service/v1.0/payments/groups/{paygroup_id}/otp',
    );
    expect(ENDPOINTS.userCardsDelete.path).toBe('/api/cashier-service/v1.0/user-cards');
    expect(ENDPOINTS.userCardsDelete.method).toBe('DELETE');
    expect(ENDPOINTS.requisiteCreate.path).toBe('/api/account-management/v1.0/requisite/create');
    expect(ENDPOINTS.requisiteDelete.path).toBe(
      '/api/account-management/v1.0/requisite/{requisiteId}',
    );
    expect(ENDPOINTS.requisiteDelete.method).toBe('DELETE');
    expect(ENDPOINTS.otpSend.path).toBe('/api/account-management/v1.0/otp/send');
    expect(ENDPOINTS.otpVerify.path).toBe('/api/account-management/v1.0/otp/verify');
    expect(ENDPOINTS.contentPage.path).toBe('/content/{slug}');
    expect(ENDPOINTS.depositMetrics.path).toBe('/api/cashier-service/v1.0/payments/metrics');
    expect(ENDPOINTS.payoutMetrics.path).toBe('/api/cashier-service/v1.0/payouts/metrics');
    expect(ENDPOINTS.rtlAssets.path).toBe('/metadata/default/rtlAssets.json');
    expect(ENDPOINTS.sandboxCreateSession.path).toBe('/sandbox/sessions');
  });

  it('declares a params schema exactly for the paths with parameters', () => {
    for (const endpoint of ENDPOINT_LIST) {
      const names = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = endpoint.params === undefined ? [] : Object.keys(endpoint.params.shape);
      expect(declared.sort(), endpoint.id).toEqual(names.sort());
    }
  });

  it("every call that moves money or reaches a provider with a card takes an Idempotency-Key: submit, upload, the card tokenization, the reversal and the operator's refunds and adjustments", () => {
    expect(
      ENDPOINT_LIST.filter((endpoint) => endpoint.idempotencyKey).map((endpoint) => endpoint.id),
    ).toEqual([
      'depositSubmit',
      'depositUpload',
      'payoutSubmit',
      'payoutUpload',
      'reversePendingWithdrawal',
      'userCardsTokenize',
      'operatorRefundCreate',
      'operatorPlayerAdjust',
    ]);
  });

  it('every call needs x-session-id except the public and sandbox ones (SPEC §6)', () => {
    expect(
      ENDPOINT_LIST.filter(
        (endpoint) =>
          !endpoint.session && endpoint.operator === undefined && endpoint.staff === undefined,
      ).map((endpoint) => endpoint.id),
    ).toEqual([
      'clientReport',
      'rtlAssets',
      'icon',
      'sandboxCreateSession',
      'sandboxThreeDsChallenge',
      'openApiDocument',
    ]);
  });

  it('SPEC §4, §9: a client report takes the session header as optional and answers 429 past its limit', () => {
    const row = ENDPOINTS.clientReport;
    expect(row.path).toBe('/api/cashier-service/v1.0/client-reports');
    expect(z.safeParse(row.headers, {}).success).toBe(true);
    expect(z.safeParse(row.headers, { 'x-session-id': 's1' }).success).toBe(true);
    expect(endpointErrorNames(row)).toContain('rateLimited');
    expect(endpointErrorNames(row)).not.toContain('sessionExpired');
  });

  it('SPEC §9: a client report has at most 20 breadcrumbs and bounded texts', () => {
    const body = {
      kind: 'error',
      message: 'x',
      page: '/deposit',
      trace_sampled: true,
      breadcrumbs: [],
    };
    const crumb = { type: 'click', message: 'Pay', at: 1 };
    expect(z.safeParse(row().body, body).success).toBe(true);
    expect(
      z.safeParse(row().body, { ...body, breadcrumbs: Array.from({ length: 20 }, () => crumb) })
        .success,
    ).toBe(true);
    expect(
      z.safeParse(row().body, { ...body, breadcrumbs: Array.from({ length: 21 }, () => crumb) })
        .success,
    ).toBe(false);
    expect(z.safeParse(row().body, { ...body, message: 'x'.repeat(2_001) }).success).toBe(false);
    expect(z.safeParse(row().body, { ...body, stack: 'x'.repeat(16_001) }).success).toBe(false);
    expect(z.safeParse(row().body, { ...body, kind: 'other' }).success).toBe(false);
    expect(
      z.safeParse(row().body, { ...body, breadcrumbs: [{ ...crumb, message: 'x'.repeat(201) }] })
        .success,
    ).toBe(false);
  });

  it('lists every operator call once, under /api/operator/v1, with a key and never a session', () => {
    const operatorCalls = Object.values(OPERATOR_ENDPOINTS);
    expect(ENDPOINT_LIST.filter((endpoint) => endpoint.operator !== undefined)).toEqual(
      operatorCalls,
    );
    for (const [key, endpoint] of Object.entries(OPERATOR_ENDPOINTS)) {
      expect(endpoint.id).toBe(key);
      expect(endpoint.path.startsWith(`${OPERATOR_BASE}/`), endpoint.id).toBe(true);
      expect(endpoint.session).toBe(false);
      expect(endpoint.sandboxOnly).toBe(false);
      expect(endpointErrorNames(endpoint)).toEqual(
        expect.arrayContaining(['operatorKeyInvalid', 'operatorScopeMissing']),
      );
    }
    expect(new Set(ENDPOINT_LIST.map((endpoint) => endpoint.id)).size).toBe(ENDPOINT_LIST.length);
  });

  it('lists every back-office call once, under /api/back-office/v1, never with a key or session', () => {
    const staffCalls = Object.values(STAFF_ENDPOINTS);
    expect(ENDPOINT_LIST.filter((endpoint) => endpoint.staff !== undefined)).toEqual(staffCalls);
    for (const [key, endpoint] of Object.entries(STAFF_ENDPOINTS)) {
      expect(endpoint.id).toBe(key);
      expect(endpoint.path.startsWith(`${STAFF_BASE}/`), endpoint.id).toBe(true);
      expect(endpoint.session).toBe(false);
      expect('operator' in endpoint).toBe(false);
      const names = endpointErrorNames(endpoint);
      if (endpoint.staff === 'public') expect(names).not.toContain('staffSignedOut');
      else expect(names).toEqual(expect.arrayContaining(['staffSignedOut', 'staffCsrfInvalid']));
    }
  });

  it('names the staff permission of every operator call, and each role holds its table row', () => {
    expect(Object.keys(STAFF_PERMISSION_OF_CALL).sort()).toEqual(
      Object.keys(OPERATOR_ENDPOINTS).sort(),
    );
    expect(roleMay('support', 'refunds:create')).toBe(false);
    expect(roleMay('finance', 'refunds:create')).toBe(true);
    expect(roleMay('owner', 'brands:create')).toBe(false);
    expect(roleMay('administrator', 'brands:create')).toBe(true);
    expect(roleNeedsSecondFactor('support')).toBe(false);
    for (const role of ['administrator', 'owner', 'finance', 'developer'] as const)
      expect(roleNeedsSecondFactor(role), role).toBe(true);
  });

  it('only the sandbox routes are sandbox-only', () => {
    expect(
      ENDPOINT_LIST.filter((endpoint) => endpoint.sandboxOnly).map((endpoint) => endpoint.id),
    ).toEqual([
      'sandboxCreateSession',
      'sandboxThreeDsChallenge',
      'sandboxLatestOtp',
      'sandboxBalance',
      'staffSandboxDemoCode',
    ]);
  });
});

describe('fastifyPath and buildPath', () => {
  it('turns OpenAPI parameters into Fastify parameters', () => {
    expect(fastifyPath(ENDPOINTS.depositSubmit)).toBe(
      '/api/cashier-service/v1.0/payments/groups/:payGroupId/submit',
    );
    expect(fastifyPath(ENDPOINTS.depositRoute)).toBe(
      '/api/cashier-service/payments/groups/:paygroup_id/route',
    );
    expect(fastifyPath(ENDPOINTS.depositInit)).toBe(
      '/api/cashier-service/v1.0/payments/groups/init',
    );
  });

  it('fills and encodes parameters', () => {
    expect(buildPath(ENDPOINTS.depositSelect, { payGroupId: 101 })).toBe(
      '/api/cashier-service/v1.0/payments/groups/101/select',
    );
    expect(buildPath(ENDPOINTS.altStatus, { transactionId: 'a/b c' })).toBe(
      '/api/cashier-service/v1.0/payments/status/a%2Fb%20c',
    );
    expect(buildPath(ENDPOINTS.depositInit, {})).toBe(
      '/api/cashier-service/v1.0/payments/groups/init',
    );
  });

  it('throws on a missing or empty parameter', () => {
    const loose: { readonly path: string } = ENDPOINTS.contentPage;
    expect(() => buildPath(loose, {})).toThrow(
      'buildPath: missing path parameter slug for /content/{slug}',
    );
    expect(() => buildPath(ENDPOINTS.contentPage, { slug: '' })).toThrow(
      'missing path parameter slug',
    );
  });
});

describe('errors of an endpoint (SPEC §8)', () => {
  it('adds the errors every call of its kind can answer, in code order', () => {
    expect(endpointErrorNames(ENDPOINTS.depositInit)).toEqual([
      'sessionExpired',
      'rateLimited',
      'requestTimeout',
      'internal',
    ]);
    // Headers sent too slowly are answered 408 (1015) on any call, body or not.
    expect(endpointErrorNames(ENDPOINTS.rtlAssets)).toEqual(['requestTimeout', 'internal']);
    expect(
      endpointErrorNames(ENDPOINTS.payoutSubmit).map((name) => ERROR_CODES[name].code),
    ).toEqual([
      '17',
      '1001',
      '1002',
      '1003',
      '1004',
      '1007',
      '1008',
      '1009',
      '1010',
      '1011',
      '1012',
      '1013',
      '1015',
      '1206',
      '1207',
      '1999',
    ]);
    expect(
      endpointErrorNames(ENDPOINTS.depositUpload).map((name) => ERROR_CODES[name].code),
    ).toEqual([
      '17',
      '1001',
      '1002',
      '1003',
      '1005',
      '1006',
      '1007',
      '1008',
      '1011',
      '1012',
      '1013',
      '1014',
      '1015',
      '1016',
      '1999',
    ]);
    expect(
      endpointErrorNames(ENDPOINTS.sandboxCreateSession).map((name) => ERROR_CODES[name].code),
    ).toEqual(['1001', '1002', '1004', '1015', '1901', '1999']);
  });

  it('groups them by HTTP status', () => {
    const byStatus = endpointErrorsByStatus(ENDPOINTS.depositUpload);
    expect([...byStatus.keys()]).toEqual([400, 401, 404, 408, 409, 413, 415, 422, 429, 500, 503]);
    expect(byStatus.get(413)?.map((definition) => definition.code)).toEqual(['1006']);
  });

  it('gives Fastify a schema for every answer status', () => {
    const schemas = endpointResponseSchemas(ENDPOINTS.depositSelect);
    expect(Object.keys(schemas)).toEqual([
      '200',
      '400',
      '401',
      '404',
      '408',
      '409',
      '413',
      '429',
      '500',
    ]);
    expect(schemas[401]).toBe(ErrorBody);
    expect(schemas[200]).toBe(ENDPOINTS.depositSelect.responses[200].schema);
    expect(Object.keys(endpointResponseSchemas(ENDPOINTS.sandboxThreeDsChallenge))).toEqual([
      '400',
      '404',
      '408',
      '500',
    ]);
    expect(Object.keys(endpointErrorSchemas(ENDPOINTS.depositInit))).toEqual([
      '401',
      '408',
      '429',
      '500',
    ]);
  });

  it('every error code is unique and every status is an HTTP error status', () => {
    const codes = Object.values(ERROR_CODES).map((definition) => definition.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const definition of Object.values(ERROR_CODES)) {
      expect(definition.status).toBeGreaterThanOrEqual(400);
      expect(definition.status).toBeLessThan(600);
      expect(
        z.safeParse(ErrorBody, {
          error_code: definition.code,
          error_message: definition.messageKey,
        }).success,
      ).toBe(true);
    }
    expect(ERROR_CODES.sessionExpired.code).toBe('17');
    expect(ERROR_CODES.sessionExpired.messageKey).toBe('CASHIER.PH2.ERROR_MESSAGE.17');
    expect(ERROR_CODES.uploadTooLarge.messageKey).toBe('PH.DEPOSIT.UPLOAD_DOC.LIMIT_UPLOAD_ERROR');
  });
});
