/**
 * The operator API's authentication, scopes, keys and audit trail, on the real server
 * over HTTP: brands and keys are made only through the administrator calls; a key is stored only
 * as a hash, acts only on its brand within its scopes, rotates (several active at once) and stops
 * working the moment it is revoked; every change is in the audit trail with before and after.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiKeyList,
  ApiKeySummary,
  AuditPage,
  BrandSummary,
  ERROR_CODES,
} from '@cashdesk/contract';
import { eq } from 'drizzle-orm';
import { operatorApiKeys } from '../db/schema';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import {
  OPERATOR_ENV,
  errorCode,
  TEST_ADMIN_KEY,
  createOperatorBrand,
  freshBrandId,
  mintKey,
  operatorCall,
} from './operator-calls';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV });
});

afterAll(async () => {
  await server.close();
});

describe('operator API keys', () => {
  it('creates a brand and a key through the administrator calls; the key is kept only as a hash', async () => {
    const brand = await createOperatorBrand(server);
    expect(brand.key).toMatch(/^cdk_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    const [row] = await server.db
      .select()
      .from(operatorApiKeys)
      .where(eq(operatorApiKeys.id, brand.keyId));
    expect(row?.keyHash).toBe(createHash('sha256').update(brand.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(brand.key.slice(17));
    const listed = await operatorCall(
      server,
      'GET',
      `/brands/${brand.brandId}/api-keys`,
      TEST_ADMIN_KEY,
    );
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(brand.key.slice(17));
    expect(ApiKeyList.parse(listed.body).keys.map((key) => key.id)).toEqual([brand.keyId]);
  });

  it('answers 401 (1801) without a key, with a malformed, unknown or forged key, and never logs one', async () => {
    const brand = await createOperatorBrand(server);
    const forged = `${brand.key.slice(0, -4)}AAAA`;
    for (const key of [null, 'nonsense', 'cdk_aaaaaaaaaaaa_' + 'A'.repeat(43), forged]) {
      const answer = await operatorCall(server, 'GET', '/audit?kind=change', key);
      expect(answer.status).toBe(401);
      expect(errorCode(answer.body)).toBe(ERROR_CODES.operatorKeyInvalid.code);
    }
    expect(server.logs()).not.toContain(brand.key);
    expect(server.logs()).not.toContain(forged);
    expect(server.logs()).not.toContain(TEST_ADMIN_KEY);
  });

  it('answers 403 (1802) to a key without the call’s scope and to a brand key on an administrator call', async () => {
    const brand = await createOperatorBrand(server);
    const narrow = await mintKey(server, brand.brandId, ['players:read']);
    const audit = await operatorCall(server, 'GET', '/audit?kind=change', narrow.key);
    expect(audit.status).toBe(403);
    expect(errorCode(audit.body)).toBe(ERROR_CODES.operatorScopeMissing.code);
    const admin = await operatorCall(server, 'POST', '/brands', brand.key, {
      body: { id: freshBrandId(), name: 'x' },
    });
    expect(admin.status).toBe(403);
  });

  it('refuses a brand id that is taken (409, 1805) and names a bad field (400)', async () => {
    const brand = await createOperatorBrand(server);
    const again = await operatorCall(server, 'POST', '/brands', TEST_ADMIN_KEY, {
      body: { id: brand.brandId, name: 'again' },
    });
    expect(again.status).toBe(409);
    expect(errorCode(again.body)).toBe(ERROR_CODES.operatorConflict.code);
    const bad = await operatorCall(server, 'POST', '/brands', TEST_ADMIN_KEY, {
      body: { id: 'has space', name: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error_field: 'body.id' });
    const scopes = await operatorCall(
      server,
      'POST',
      `/brands/${brand.brandId}/api-keys`,
      TEST_ADMIN_KEY,
      {
        body: { label: 'x', scopes: ['everything'] },
      },
    );
    expect(scopes.status).toBe(400);
    expect(scopes.body).toMatchObject({ error_field: 'body.scopes.0' });
  });

  it('rotates: two keys work at once, and a revoked key answers 401 at its next call', async () => {
    const brand = await createOperatorBrand(server);
    const next = await mintKey(server, brand.brandId, ['config:read'], 'next');
    expect((await operatorCall(server, 'GET', '/audit?kind=change', brand.key)).status).toBe(200);
    expect((await operatorCall(server, 'GET', '/audit?kind=change', next.key)).status).toBe(200);
    const revoked = await operatorCall(
      server,
      'DELETE',
      `/brands/${brand.brandId}/api-keys/${brand.keyId}`,
      TEST_ADMIN_KEY,
    );
    expect(revoked.status).toBe(200);
    const summary = ApiKeySummary.parse(revoked.body);
    expect(summary.id).toBe(brand.keyId);
    expect(summary.revoked_at).not.toBeNull();
    expect((await operatorCall(server, 'GET', '/audit?kind=change', brand.key)).status).toBe(401);
    expect((await operatorCall(server, 'GET', '/audit?kind=change', next.key)).status).toBe(200);
  });

  it('answers 404 (1803) for keys of an unknown brand or a key of another brand', async () => {
    const one = await createOperatorBrand(server);
    const other = await createOperatorBrand(server);
    const unknown = await operatorCall(
      server,
      'GET',
      `/brands/${freshBrandId()}/api-keys`,
      TEST_ADMIN_KEY,
    );
    expect(unknown.status).toBe(404);
    expect(errorCode(unknown.body)).toBe(ERROR_CODES.operatorNotFound.code);
    const crossed = await operatorCall(
      server,
      'DELETE',
      `/brands/${one.brandId}/api-keys/${other.keyId}`,
      TEST_ADMIN_KEY,
    );
    expect(crossed.status).toBe(404);
    expect((await operatorCall(server, 'GET', '/audit?kind=change', other.key)).status).toBe(200);
  });

  it('answers the administrator calls 401 when the server has no OPERATOR_ADMIN_KEY', async () => {
    const bare = await startTestServer({ database: server.database });
    try {
      const answer = await operatorCall(bare, 'POST', '/brands', TEST_ADMIN_KEY, {
        body: { id: freshBrandId(), name: 'x' },
      });
      expect(answer.status).toBe(401);
    } finally {
      await bare.close();
    }
  });
});

describe('the audit trail', () => {
  it('records who, what, when, before and after of every change, only for the key’s brand, paged by cursor', async () => {
    const brand = await createOperatorBrand(server);
    const other = await createOperatorBrand(server);
    const second = await mintKey(server, brand.brandId, ['config:read'], 'second');
    await operatorCall(
      server,
      'DELETE',
      `/brands/${brand.brandId}/api-keys/${second.id}`,
      TEST_ADMIN_KEY,
    );
    const first = await operatorCall(server, 'GET', '/audit?kind=change&limit=2', brand.key);
    expect(first.status).toBe(200);
    const page = AuditPage.parse(first.body);
    expect(page.entries.map((entry) => [entry.action, entry.actor, entry.target])).toEqual([
      ['operatorApiKeyRevoke', 'admin', `api_key:${second.id}`],
      ['operatorApiKeyCreate', 'admin', `api_key:${second.id}`],
    ]);
    expect(page.entries[0]?.before).toMatchObject({ revoked_at: null });
    expect(ApiKeySummary.parse(page.entries[0]?.after).revoked_at).not.toBeNull();
    expect(JSON.stringify(page)).not.toContain(second.key);
    expect(page.next_cursor).not.toBeNull();
    const rest = AuditPage.parse(
      (
        await operatorCall(
          server,
          'GET',
          `/audit?kind=change&limit=2&cursor=${page.next_cursor ?? ''}`,
          brand.key,
        )
      ).body,
    );
    expect(rest.entries.map((entry) => entry.action)).toEqual([
      'operatorApiKeyCreate',
      'operatorBrandCreate',
    ]);
    expect(rest.next_cursor).toBeNull();
    const others = AuditPage.parse(
      (await operatorCall(server, 'GET', '/audit?kind=change', other.key)).body,
    );
    expect(others.entries.every((entry) => !entry.target.includes(second.id))).toBe(true);
    const badCursor = await operatorCall(server, 'GET', '/audit?kind=change&cursor=zzz', brand.key);
    expect(badCursor.status).toBe(400);
    expect(badCursor.body).toMatchObject({ error_field: 'query.cursor' });
  });
});

describe('every call is audited, reads too', () => {
  it('records who read which address and when, as kind read, in the reader’s brand only; the administrator’s reads under the brand they name', async () => {
    const brand = await createOperatorBrand(server);
    const other = await createOperatorBrand(server);
    const before = AuditPage.parse(
      (await operatorCall(server, 'GET', '/audit?kind=read', brand.key)).body,
    );
    expect((await operatorCall(server, 'GET', '/transactions?limit=5', brand.key)).status).toBe(
      200,
    );
    expect(
      (await operatorCall(server, 'GET', `/brands/${brand.brandId}/api-keys`, TEST_ADMIN_KEY))
        .status,
    ).toBe(200);
    // A refused read (no scope for it) is not a read: nothing was shown.
    const narrow = await mintKey(server, brand.brandId, ['sessions:write'], 'narrow');
    expect((await operatorCall(server, 'GET', '/transactions', narrow.key)).status).toBe(403);
    const reads = AuditPage.parse(
      (await operatorCall(server, 'GET', '/audit?kind=read', brand.key)).body,
    );
    const fresh = reads.entries.slice(0, reads.entries.length - before.entries.length);
    expect(fresh.map((entry) => [entry.kind, entry.action, entry.actor, entry.target])).toEqual([
      ['read', 'operatorApiKeyList', 'admin', `/api/operator/v1/brands/${brand.brandId}/api-keys`],
      ['read', 'operatorTransactionList', brand.keyId, '/api/operator/v1/transactions?limit=5'],
      ['read', 'operatorAuditList', brand.keyId, '/api/operator/v1/audit?kind=read'],
    ]);
    expect(fresh.every((entry) => entry.before === null && entry.after === null)).toBe(true);
    // Changes and reads apart: the change filter shows no read.
    const changes = AuditPage.parse(
      (await operatorCall(server, 'GET', '/audit?kind=change&limit=200', brand.key)).body,
    );
    expect(changes.entries.every((entry) => entry.kind === 'change')).toBe(true);
    const others = AuditPage.parse(
      (await operatorCall(server, 'GET', '/audit?kind=read', other.key)).body,
    );
    expect(others.entries.every((entry) => entry.actor !== brand.keyId)).toBe(true);
  });
});

describe('the configuration version', () => {
  it('answers the brand with its version (and ETag), and a write bumps it', async () => {
    const brand = await createOperatorBrand(server);
    const read = await operatorCall(server, 'GET', '/brand', brand.key);
    expect(read.status).toBe(200);
    const before = BrandSummary.parse(read.body);
    expect(read.headers.get('etag')).toBe(`"${before.config_version}"`);
    const written = await operatorCall(server, 'PATCH', '/brand', brand.key, {
      body: { name: 'Renamed' },
      headers: { 'if-match': `"${before.config_version}"` },
    });
    expect(written.status).toBe(200);
    expect(BrandSummary.parse(written.body)).toMatchObject({
      name: 'Renamed',
      config_version: before.config_version + 1,
    });
  });

  it('refuses a write against a stale version (409, 1804) and writes nothing', async () => {
    const brand = await createOperatorBrand(server);
    const { config_version: version } = BrandSummary.parse(
      (await operatorCall(server, 'GET', '/brand', brand.key)).body,
    );
    await operatorCall(server, 'PATCH', '/brand', brand.key, { body: { name: 'First' } });
    const stale = await operatorCall(server, 'PATCH', '/brand', brand.key, {
      body: { name: 'Second' },
      headers: { 'if-match': String(version) },
    });
    expect(stale.status).toBe(409);
    expect(errorCode(stale.body)).toBe(ERROR_CODES.operatorVersionConflict.code);
    const now = BrandSummary.parse((await operatorCall(server, 'GET', '/brand', brand.key)).body);
    expect(now).toMatchObject({ name: 'First', config_version: version + 1 });
    const badHeader = await operatorCall(server, 'PATCH', '/brand', brand.key, {
      body: { name: 'Third' },
      headers: { 'if-match': 'yesterday' },
    });
    expect(badHeader.status).toBe(400);
    expect(badHeader.body).toMatchObject({ error_field: 'headers.if-match' });
  });

  it('orders concurrent writes: each gets its own version, and of those naming the same version one wins', async () => {
    const brand = await createOperatorBrand(server);
    const { config_version: version } = BrandSummary.parse(
      (await operatorCall(server, 'GET', '/brand', brand.key)).body,
    );
    const names = Array.from({ length: 6 }, (_, i) => `Name ${i}`);
    const blind = await Promise.all(
      names.map((name) => operatorCall(server, 'PATCH', '/brand', brand.key, { body: { name } })),
    );
    expect(blind.map((answer) => answer.status)).toEqual(names.map(() => 200));
    const versions = blind.map((answer) => BrandSummary.parse(answer.body).config_version);
    expect([...versions].sort((a, b) => a - b)).toEqual(names.map((_, i) => version + 1 + i));
    const guarded = await Promise.all(
      names.map((name) =>
        operatorCall(server, 'PATCH', '/brand', brand.key, {
          body: { name: `${name} guarded` },
          headers: { 'if-match': String(version + names.length) },
        }),
      ),
    );
    expect(guarded.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(guarded.filter((answer) => answer.status === 409)).toHaveLength(names.length - 1);
    const audit = AuditPage.parse(
      (await operatorCall(server, 'GET', '/audit?kind=change&limit=200', brand.key)).body,
    );
    expect(audit.entries.filter((entry) => entry.action === 'operatorBrandUpdate')).toHaveLength(
      names.length + 1,
    );
  });
});
