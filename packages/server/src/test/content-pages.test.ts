import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ENDPOINTS, buildPath } from '@cashdesk/contract';
import { contentPages } from '../db/schema';
import { RTL_ASSETS_CACHE_CONTROL, RTL_ICON_NAMES } from '../modules/cashier/routes/rtl-assets';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';

let server: TestServer;
let production: TestServer;
let demo: string;

beforeAll(async () => {
  server = await startTestServer();
  production = await startTestServer({
    mode: 'production',
    database: server.database,
    env: { CASHDESK_SECRET: 'a-production-secret-for-tests' },
  });
  demo = await createTestSession(server, { player: 'demo' });
});

afterAll(async () => {
  await production.close();
  await server.close();
});

async function get(
  target: TestServer,
  path: string,
  session?: string,
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(`${target.baseUrl}${path}`, {
    headers: session === undefined ? {} : { 'x-session-id': session },
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text), headers: response.headers };
}

function contentPath(slug: string): string {
  return buildPath(ENDPOINTS.contentPage, { slug });
}

async function sessionLanguage(lang: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/sandbox/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ player: 'demo', flow: 'deposit', currency: 'EUR', lang }),
  });
  const body: unknown = await response.json();
  if (typeof body === 'object' && body !== null && 'session_id' in body) {
    if (typeof body.session_id === 'string') return body.session_id;
  }
  throw new Error('no session');
}

describe('GET /content/{slug} (SPEC §2 /content, §7)', () => {
  it('answers the seeded page as title and plain-text sections (SPEC §7)', async () => {
    const [row] = await server.db
      .select({ updatedAt: contentPages.updatedAt })
      .from(contentPages)
      .where(and(eq(contentPages.brandId, 'brand0'), eq(contentPages.slug, 'deposit-terms')));
    const answer = await get(server, contentPath('deposit-terms'), demo);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      slug: 'deposit-terms',
      title: 'Deposit terms',
      sections: [
        {
          heading: 'Processing',
          paragraphs: ['Card deposits are credited at once; bank transfers within 2 working days.'],
        },
        {
          heading: 'Fees',
          paragraphs: ['We charge no fee for deposits. Your payment provider may.'],
        },
      ],
      updated_at: row?.updatedAt.toISOString(),
    });
  });

  it('splits a body into paragraphs at blank lines and prefers the session language (SPEC §2)', async () => {
    await server.db.insert(contentPages).values({
      brandId: 'brand0',
      slug: 'deposit-terms',
      language: 'de',
      title: 'Einzahlungsbedingungen',
      sections: [{ body: 'Erster Absatz.\n\nZweiter Absatz.\n  \n\n' }],
      updatedAt: new Date('2025-03-01T10:00:00.000Z'),
    });
    const german = await sessionLanguage('de');
    const answer = await get(server, contentPath('deposit-terms'), german);
    expect(answer).toMatchObject({
      status: 200,
      body: {
        slug: 'deposit-terms',
        title: 'Einzahlungsbedingungen',
        sections: [{ heading: null, paragraphs: ['Erster Absatz.', 'Zweiter Absatz.'] }],
        updated_at: '2025-03-01T10:00:00.000Z',
      },
    });
  });

  it('falls back to the English page when the session language has none (SPEC §9 default en)', async () => {
    const french = await sessionLanguage('fr');
    const answer = await get(server, contentPath('deposit-terms'), french);
    expect(answer).toMatchObject({ status: 200, body: { title: 'Deposit terms' } });
  });

  it('answers 404 code 1008 for an unknown page (SPEC §8)', async () => {
    const answer = await get(server, contentPath('no-such-page'), demo);
    expect(answer).toMatchObject({
      status: 404,
      body: {
        error_code: '1008',
        error_message: 'CASHIER.ERROR.NOT_FOUND',
        error_field: 'params.slug',
      },
    });
  });

  it("answers 404 for another brand's page (SPEC §6)", async () => {
    const other = await createTestSession(server, {
      player: 'demo',
      brand: 'brand1',
      currency: 'KWD',
    });
    const answer = await get(server, contentPath('deposit-terms'), other);
    expect(answer).toMatchObject({ status: 404, body: { error_code: '1008' } });
  });

  it('answers 400 naming the slug for an address that is not a slug (SPEC §8)', async () => {
    const answer = await get(server, '/content/Deposit_Terms', demo);
    expect(answer).toMatchObject({
      status: 400,
      body: { error_code: '1002', error_field: 'params.slug' },
    });
  });

  it('answers code 17 without a session (SPEC §6, §8)', async () => {
    const answer = await get(server, contentPath('deposit-terms'));
    expect(answer).toMatchObject({ status: 401, body: { error_code: '17' } });
  });
});

describe('GET /metadata/default/rtlAssets.json (SPEC §7)', () => {
  it('lists the icons with a right-to-left variant, cacheable, without a session (SPEC §7)', async () => {
    const answer = await get(server, ENDPOINTS.rtlAssets.path);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ rtlImages: [...RTL_ICON_NAMES] });
    expect(RTL_ICON_NAMES).toEqual(expect.arrayContaining(['arrow_back', 'chevron_right', 'send']));
    expect(answer.headers.get('cache-control')).toBe(RTL_ASSETS_CACHE_CONTROL);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('keeps the list sorted and free of repeats', () => {
    expect([...RTL_ICON_NAMES].sort()).toEqual(RTL_ICON_NAMES);
    expect(new Set(RTL_ICON_NAMES).size).toBe(RTL_ICON_NAMES.length);
  });

  it('is served in production mode too (SPEC §7)', async () => {
    const answer = await get(production, ENDPOINTS.rtlAssets.path);
    expect(answer).toMatchObject({ status: 200, body: { rtlImages: [...RTL_ICON_NAMES] } });
  });
});
