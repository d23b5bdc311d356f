/**
 * Themes, the default theme and text overrides through the operator API, and
 * the player's appearance call, on the real server and database over HTTP. Brands and keys come
 * from the administrator calls, sessions from the sandbox call: no SQL writes anywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AppearanceResponse,
  AuditPage,
  BrandSummary,
  SandboxSessionResponse,
  TextKeysAnswer,
  Theme,
  ThemeList,
} from '@cashdesk/contract';
import { and, eq } from 'drizzle-orm';
import { brandTexts, brandThemes } from '../db/schema';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { request } from './api-calls';
import {
  OPERATOR_ENV,
  createOperatorBrand,
  mintKey,
  operatorCall,
  errorFields,
} from './operator-calls';
import type { OperatorBrand } from './operator-calls';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV });
});

afterAll(async () => {
  await server.close();
});

/** A 1×1 PNG. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#c0ffee"/></svg>';

const THEME = {
  properties: {
    '--cd-color-primary': '#7a1fa2',
    '--cd-radius': '20px',
    '--cd-color-bg': 'rgb(250, 245, 255)',
  },
  fonts: "'Open Sans', Georgia, serif",
  logo: { media_type: 'image/svg+xml', data_base64: Buffer.from(SVG).toString('base64') },
};

async function versionOf(brand: OperatorBrand): Promise<number> {
  const answer = await operatorCall(server, 'GET', '/brand', brand.key);
  return BrandSummary.parse(answer.body).config_version;
}

async function auditCount(brand: OperatorBrand): Promise<number> {
  const answer = await operatorCall(server, 'GET', '/audit?kind=change&limit=200', brand.key);
  return AuditPage.parse(answer.body).entries.length;
}

/** A sandbox session of a player of the brand (the player is created on first use). */
async function sessionOf(brandId: string, theme?: string): Promise<{ id: string; url: string }> {
  const answer = await request(server, 'POST', '/sandbox/sessions', null, {
    player: 'p-1',
    flow: 'deposit',
    currency: 'EUR',
    lang: 'de',
    brand: brandId,
    ...(theme === undefined ? {} : { theme }),
  });
  if (answer.status !== 201)
    throw new Error(`session: ${answer.status} ${JSON.stringify(answer.body)}`);
  const body = SandboxSessionResponse.parse(answer.body);
  return { id: body.session_id, url: body.widget_url };
}

describe('themes through the operator API', () => {
  it('puts, gets, lists and deletes a theme; each write bumps the version and is audited', async () => {
    const brand = await createOperatorBrand(server);
    const version = await versionOf(brand);
    const audits = await auditCount(brand);

    const put = await operatorCall(server, 'PUT', '/themes/summer-26', brand.key, { body: THEME });
    expect(put.status).toBe(200);
    const theme = Theme.parse(put.body);
    expect(theme).toMatchObject({
      name: 'summer-26',
      properties: THEME.properties,
      fonts: THEME.fonts,
      is_default: false,
    });
    expect(theme.logo?.media_type).toBe('image/svg+xml');
    expect(await versionOf(brand)).toBe(version + 1);
    expect(await auditCount(brand)).toBe(audits + 1);

    const got = await operatorCall(server, 'GET', '/themes/summer-26', brand.key);
    expect(Theme.parse(got.body)).toEqual(theme);
    const list = ThemeList.parse((await operatorCall(server, 'GET', '/themes', brand.key)).body);
    expect(list.default_theme).toBe('brand0');
    expect(list.built_in).toEqual(['brand0', 'brand1']);
    expect(list.themes.map((item) => item.name)).toEqual(['summer-26']);

    // A PUT replaces the whole theme: the logo and fonts not given are gone.
    const replaced = await operatorCall(server, 'PUT', '/themes/summer-26', brand.key, {
      body: { properties: { '--cd-color-primary': '#000' } },
    });
    expect(Theme.parse(replaced.body)).toMatchObject({
      properties: { '--cd-color-primary': '#000' },
      fonts: null,
      logo: null,
    });

    const deleted = await operatorCall(server, 'DELETE', '/themes/summer-26', brand.key);
    expect(deleted.status).toBe(200);
    expect((await operatorCall(server, 'GET', '/themes/summer-26', brand.key)).status).toBe(404);
    expect(await versionOf(brand)).toBe(version + 3);
    expect(await auditCount(brand)).toBe(audits + 3);
    const trail = AuditPage.parse(
      (await operatorCall(server, 'GET', '/audit?kind=change', brand.key)).body,
    );
    expect(trail.entries[0]).toMatchObject({
      action: 'operatorThemeDelete',
      target: 'theme:summer-26',
    });
    expect(trail.entries[0]?.after).toBeNull();
  });

  it('chooses the default theme; it cannot be deleted; new sessions without a theme get it', async () => {
    const brand = await createOperatorBrand(server);
    await operatorCall(server, 'PUT', '/themes/night', brand.key, { body: THEME });
    const unknown = await operatorCall(server, 'PUT', '/theme-default', brand.key, {
      body: { name: 'nosuch' },
    });
    expect(unknown.status).toBe(400);
    expect(errorFields(unknown.body)).toEqual({ code: '1830', field: 'body.name' });

    const chosen = await operatorCall(server, 'PUT', '/theme-default', brand.key, {
      body: { name: 'night' },
    });
    expect(chosen.status).toBe(200);
    expect((await operatorCall(server, 'GET', '/theme-default', brand.key)).body).toEqual({
      name: 'night',
    });
    const refused = await operatorCall(server, 'DELETE', '/themes/night', brand.key);
    expect(refused.status).toBe(409);
    expect(errorFields(refused.body).code).toBe('1831');
    expect((await operatorCall(server, 'GET', '/themes/night', brand.key)).status).toBe(200);

    const session = await sessionOf(brand.brandId);
    expect(new URL(session.url).searchParams.get('theme')).toBe('night');
    // A built-in theme may be the default too.
    expect(
      (await operatorCall(server, 'PUT', '/theme-default', brand.key, { body: { name: 'brand1' } }))
        .status,
    ).toBe(200);
  });

  it('refuses an unknown property, an unsafe value or a bad font stack, naming it, and writes nothing', async () => {
    const brand = await createOperatorBrand(server);
    const version = await versionOf(brand);
    const cases: [unknown, string][] = [
      [{ properties: { '--cd-colour-typo': '#fff' } }, 'body.properties'],
      [
        { properties: { '--cd-color-primary': 'red; background: url(https://evil.test/x)' } },
        'body.properties.--cd-color-primary',
      ],
      [
        { properties: { '--cd-color-primary': 'expression(alert(1))' } },
        'body.properties.--cd-color-primary',
      ],
      [
        { properties: { '--cd-color-bg': '#fff}body{display:none' } },
        'body.properties.--cd-color-bg',
      ],
      [{ properties: { '--cd-radius': '12px;' } }, 'body.properties.--cd-radius'],
      [{ properties: { '--cd-radius': 'calc(1px + var(--x))' } }, 'body.properties.--cd-radius'],
      [{ properties: {}, fonts: 'Arial; } * { color: red' }, 'body.fonts'],
      [{ properties: {}, fonts: 'url(x)' }, 'body.fonts'],
      [
        { properties: {}, logo: { media_type: 'image/gif', data_base64: PNG_BASE64 } },
        'body.logo.media_type',
      ],
    ];
    for (const [body, field] of cases) {
      const answer = await operatorCall(server, 'PUT', '/themes/bad', brand.key, { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(errorFields(answer.body), JSON.stringify(body)).toMatchObject({ code: '1002' });
      expect(String(errorFields(answer.body).field), JSON.stringify(body)).toContain(field);
    }
    const badName = await operatorCall(server, 'PUT', '/themes/Not%20Ok', brand.key, {
      body: THEME,
    });
    expect(badName.status).toBe(400);
    expect(errorFields(badName.body).field).toBe('params.name');
    expect(await versionOf(brand)).toBe(version);
    const rows = await server.db
      .select()
      .from(brandThemes)
      .where(eq(brandThemes.brandId, brand.brandId));
    expect(rows).toEqual([]);
  });

  it('accepts a PNG and a clean SVG logo, refuses active or fake ones (1832), and serves logos inert', async () => {
    const brand = await createOperatorBrand(server);
    const png = await operatorCall(server, 'PUT', '/themes/png', brand.key, {
      body: { properties: {}, logo: { media_type: 'image/png', data_base64: PNG_BASE64 } },
    });
    expect(png.status).toBe(200);
    const pngLogo = Theme.parse(png.body).logo;
    const served = await fetch(`${server.baseUrl}${pngLogo?.url ?? ''}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).toString('base64')).toBe(PNG_BASE64);
    expect(served.headers.get('cache-control')).toContain('immutable');

    const svg = Theme.parse(
      (await operatorCall(server, 'PUT', '/themes/svg', brand.key, { body: THEME })).body,
    );
    const svgServed = await fetch(`${server.baseUrl}${svg.logo?.url ?? ''}`);
    expect(svgServed.headers.get('content-type')).toBe('image/svg+xml');
    expect(svgServed.headers.get('content-security-policy')).toContain('sandbox');
    expect(svgServed.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(svgServed.headers.get('x-content-type-options')).toBe('nosniff');

    const version = await versionOf(brand);
    const evil = [
      ['image/png', Buffer.from(SVG).toString('base64')],
      ['image/svg+xml', PNG_BASE64],
      ['image/svg+xml', Buffer.from('<svg><script>alert(1)</script></svg>').toString('base64')],
      ['image/svg+xml', Buffer.from('<svg onload="alert(1)"></svg>').toString('base64')],
      [
        'image/svg+xml',
        Buffer.from('<svg><a href="javascript:alert(1)"><rect/></a></svg>').toString('base64'),
      ],
      [
        'image/svg+xml',
        Buffer.from('<svg><image href="https://tracker.test/p.png"/></svg>').toString('base64'),
      ],
      [
        'image/svg+xml',
        Buffer.from('<svg><foreignObject><div/></foreignObject></svg>').toString('base64'),
      ],
      [
        'image/svg+xml',
        Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><svg/>').toString('base64'),
      ],
      [
        'image/svg+xml',
        Buffer.from('<svg style="fill:url(https://x.test/a)"/>').toString('base64'),
      ],
      ['image/png', Buffer.alloc(70000, 1).toString('base64')],
    ];
    for (const [mediaType, data] of evil) {
      const answer = await operatorCall(server, 'PUT', '/themes/evil', brand.key, {
        body: { properties: {}, logo: { media_type: mediaType, data_base64: data } },
      });
      expect(answer.status, data?.slice(0, 40)).toBe(400);
      expect(errorFields(answer.body).field).toMatch(/^body\.logo/);
    }
    expect(await versionOf(brand)).toBe(version);
    expect((await operatorCall(server, 'GET', '/themes/evil', brand.key)).status).toBe(404);
    const missing = await fetch(
      `${server.baseUrl}/api/cashier-service/v1.0/appearance/logos/${'0'.repeat(64)}`,
    );
    expect(missing.status).toBe(404);
    const malformed = await fetch(
      `${server.baseUrl}/api/cashier-service/v1.0/appearance/logos/nope`,
    );
    expect(malformed.status).toBe(400);
  });

  it('refuses a stale If-Match (1804) and writes nothing', async () => {
    const brand = await createOperatorBrand(server);
    const version = await versionOf(brand);
    const stale = await operatorCall(server, 'PUT', '/themes/x', brand.key, {
      body: THEME,
      headers: { 'if-match': `"${version - 1}"` },
    });
    expect(stale.status).toBe(409);
    expect(errorFields(stale.body).code).toBe('1804');
    expect((await operatorCall(server, 'GET', '/themes/x', brand.key)).status).toBe(404);
    const fresh = await operatorCall(server, 'PUT', '/themes/x', brand.key, {
      body: THEME,
      headers: { 'if-match': `"${version}"` },
    });
    expect(fresh.status).toBe(200);
  });

  it('two concurrent writes of one theme are ordered: two versions, two audit entries, the last one stored', async () => {
    const brand = await createOperatorBrand(server);
    const version = await versionOf(brand);
    const colours = ['#111111', '#222222'];
    const answers = await Promise.all(
      colours.map((colour) =>
        operatorCall(server, 'PUT', '/themes/race', brand.key, {
          body: { properties: { '--cd-color-primary': colour } },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await versionOf(brand)).toBe(version + 2);
    const trail = AuditPage.parse(
      (await operatorCall(server, 'GET', '/audit?kind=change', brand.key)).body,
    );
    const [last, first] = trail.entries;
    expect(first?.before).toBeNull();
    expect(last?.before).toEqual(first?.after);
    const stored = Theme.parse((await operatorCall(server, 'GET', '/themes/race', brand.key)).body);
    expect(stored).toEqual(last?.after);
  });

  it("answers 401 without a valid key, 403 without the scope, 404 for another brand's theme", async () => {
    const brand = await createOperatorBrand(server);
    const other = await createOperatorBrand(server);
    await operatorCall(server, 'PUT', '/themes/mine', brand.key, { body: THEME });
    const readOnly = await mintKey(server, brand.brandId, ['config:read']);
    const noConfig = await mintKey(server, brand.brandId, ['players:read']);
    const calls: [string, string, unknown][] = [
      ['GET', '/themes', undefined],
      ['GET', '/themes/mine', undefined],
      ['PUT', '/themes/mine', THEME],
      ['DELETE', '/themes/mine', undefined],
      ['GET', '/theme-default', undefined],
      ['PUT', '/theme-default', { name: 'brand1' }],
      ['GET', '/texts/de', undefined],
      ['PUT', '/texts/de', { texts: {} }],
      ['GET', '/text-keys/de', undefined],
    ];
    for (const [method, path, body] of calls) {
      const options = body === undefined ? {} : { body };
      expect((await operatorCall(server, method, path, null, options)).status).toBe(401);
      expect(
        (await operatorCall(server, method, path, 'cdk_aaaaaaaaaaaa_nope', options)).status,
      ).toBe(401);
      const scoped = await operatorCall(server, method, path, noConfig.key, options);
      expect(scoped.status, `${method} ${path}`).toBe(403);
      if (method !== 'GET') {
        expect((await operatorCall(server, method, path, readOnly.key, options)).status).toBe(403);
      }
    }
    expect((await operatorCall(server, 'GET', '/themes/mine', other.key)).status).toBe(404);
    expect((await operatorCall(server, 'DELETE', '/themes/mine', other.key)).status).toBe(404);
    const otherList = ThemeList.parse(
      (await operatorCall(server, 'GET', '/themes', other.key)).body,
    );
    expect(otherList.themes).toEqual([]);
    expect((await operatorCall(server, 'GET', '/themes/mine', brand.key)).status).toBe(200);
  });
});

describe('text overrides per language', () => {
  it('stores texts for any language, replaces them whole, bumps the version and audits', async () => {
    const brand = await createOperatorBrand(server);
    const version = await versionOf(brand);
    const empty = await operatorCall(server, 'GET', '/texts/de', brand.key);
    expect(empty.body).toEqual({ language: 'de', texts: {}, updated_at: null });
    const texts = {
      'FIELDS.AMOUNT.MAX_HINT': 'Höchstens {{amount}}',
      'DEPOSIT_METHOD.FORM_ERRORS_one': '{{count}} Fehler',
      'DEPOSIT_METHOD.FORM_ERRORS_few': '{{count}} Fehler (few)',
    };
    const put = await operatorCall(server, 'PUT', '/texts/de', brand.key, { body: { texts } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ language: 'de', texts });
    expect(await versionOf(brand)).toBe(version + 1);
    const replaced = await operatorCall(server, 'PUT', '/texts/de', brand.key, {
      body: { texts: { 'FIELDS.AMOUNT.MAX_HINT': 'Max. {{amount}}' } },
    });
    expect(replaced.body).toMatchObject({ texts: { 'FIELDS.AMOUNT.MAX_HINT': 'Max. {{amount}}' } });
    const trail = AuditPage.parse(
      (await operatorCall(server, 'GET', '/audit?kind=change', brand.key)).body,
    );
    expect(trail.entries[0]).toMatchObject({ action: 'operatorTextsPut', target: 'texts:de' });
    expect(trail.entries[0]?.before).toMatchObject({ texts });
  });

  it('refuses an unknown key, changed placeholders or a bad language, naming them, and writes nothing', async () => {
    const brand = await createOperatorBrand(server);
    const version = await versionOf(brand);
    const cases: [string, unknown, string][] = [
      ['/texts/de', { texts: { 'NO.SUCH.KEY': 'x' } }, 'body.texts.NO.SUCH.KEY'],
      [
        '/texts/de',
        { texts: { 'FIELDS.AMOUNT.MAX_HINT': 'Höchstens' } },
        'body.texts.FIELDS.AMOUNT.MAX_HINT',
      ],
      [
        '/texts/de',
        { texts: { 'FIELDS.AMOUNT.MAX_HINT': 'Höchstens {{betrag}}' } },
        'body.texts.FIELDS.AMOUNT.MAX_HINT',
      ],
      [
        '/texts/de',
        { texts: { 'FIELDS.AMOUNT.BLOCKS': 'Beträge {{amount}}' } },
        'body.texts.FIELDS.AMOUNT.BLOCKS',
      ],
      ['/texts/de', { texts: { 'FIELDS.AMOUNT.BLOCKS': 7 } }, 'body.texts.FIELDS.AMOUNT.BLOCKS'],
      ['/texts/german', { texts: {} }, 'params.language'],
    ];
    for (const [path, body, field] of cases) {
      const answer = await operatorCall(server, 'PUT', path, brand.key, { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(errorFields(answer.body), JSON.stringify(body)).toEqual({ code: '1002', field });
    }
    expect(await versionOf(brand)).toBe(version);
    const rows = await server.db
      .select()
      .from(brandTexts)
      .where(and(eq(brandTexts.brandId, brand.brandId), eq(brandTexts.language, 'de')));
    expect(rows).toEqual([]);
  });
});

describe('the overridable text keys (GET /text-keys/{language})', () => {
  it("lists the keys with the widget's texts of the language, and PUT /texts accepts exactly them", async () => {
    const brand = await createOperatorBrand(server);
    const arabic = await operatorCall(server, 'GET', '/text-keys/ar', brand.key);
    expect(arabic.status).toBe(200);
    const answer = TextKeysAnswer.parse(arabic.body);
    expect(answer.language).toBe('ar');
    expect(answer.texts_language).toBe('ar');
    expect(answer.keys.length).toBeGreaterThan(300);
    const byKey = new Map(answer.keys.map((entry) => [entry.key, entry]));
    expect(byKey.get('FIELDS.AMOUNT.MAX_HINT')?.placeholders).toEqual(['amount']);
    expect(byKey.get('SHELL.LOADING')?.default_text).toBe('جارٍ تحميل الخزينة…');

    // A language the widget does not ship: English defaults, the same keys.
    const german = TextKeysAnswer.parse(
      (await operatorCall(server, 'GET', '/text-keys/de', brand.key)).body,
    );
    expect(german.texts_language).toBe('en');
    expect(german.keys.map((entry) => entry.key)).toEqual(answer.keys.map((entry) => entry.key));
    expect(german.keys.find((entry) => entry.key === 'SHELL.LOADING')?.default_text).toBe(
      'Loading the cashier…',
    );

    // Every listed key, its default text as the override, is accepted.
    const texts = Object.fromEntries(german.keys.map((entry) => [entry.key, entry.default_text]));
    const put = await operatorCall(server, 'PUT', '/texts/de', brand.key, { body: { texts } });
    expect(put.status).toBe(200);
    const refused = await operatorCall(server, 'PUT', '/texts/de', brand.key, {
      body: { texts: { 'SHELL.LOADING_few': 'x' } },
    });
    expect(errorFields(refused.body)).toEqual({
      code: '1002',
      field: 'body.texts.SHELL.LOADING_few',
    });

    const bad = await operatorCall(server, 'GET', '/text-keys/german', brand.key);
    expect(errorFields(bad.body)).toEqual({ code: '1002', field: 'params.language' });
  });
});

describe('the player appearance call', () => {
  it("answers the session's theme and the brand's texts for the language, at once after a write", async () => {
    const brand = await createOperatorBrand(server);
    await operatorCall(server, 'PUT', '/themes/summer-26', brand.key, { body: THEME });
    const session = await sessionOf(brand.brandId, 'summer-26');
    const path = '/api/cashier-service/v1.0/appearance?lang=de-XX';

    const before = AppearanceResponse.parse((await request(server, 'GET', path, session.id)).body);
    expect(before.theme).toMatchObject({
      name: 'summer-26',
      built_in: false,
      properties: THEME.properties,
      fonts: THEME.fonts,
    });
    expect(before.theme?.logo_url).toMatch(
      /^\/api\/cashier-service\/v1\.0\/appearance\/logos\/[0-9a-f]{64}$/,
    );
    expect(before).toMatchObject({ language: 'de', texts: {} });

    await operatorCall(server, 'PUT', '/texts/de', brand.key, {
      body: { texts: { 'FIELDS.AMOUNT.MAX_HINT': 'Höchstens {{amount}}' } },
    });
    const after = AppearanceResponse.parse((await request(server, 'GET', path, session.id)).body);
    expect(after.texts).toEqual({ 'FIELDS.AMOUNT.MAX_HINT': 'Höchstens {{amount}}' });
    // Another language of the brand has none; the session's language is the default.
    const english = await request(
      server,
      'GET',
      '/api/cashier-service/v1.0/appearance?lang=en',
      session.id,
    );
    expect(english.body).toMatchObject({ language: 'en', texts: {} });
    const sessionLanguage = await request(
      server,
      'GET',
      '/api/cashier-service/v1.0/appearance',
      session.id,
    );
    expect(sessionLanguage.body).toMatchObject({ language: 'de' });
  });

  it('answers a built-in theme without a row, null for a theme the brand does not have, and needs a session', async () => {
    const brand = await createOperatorBrand(server);
    const other = await createOperatorBrand(server);
    await operatorCall(server, 'PUT', '/themes/theirs', other.key, { body: THEME });
    const session = await sessionOf(brand.brandId);
    const base = '/api/cashier-service/v1.0/appearance';
    const builtIn = AppearanceResponse.parse(
      (await request(server, 'GET', `${base}?theme=brand1`, session.id)).body,
    );
    expect(builtIn.theme).toEqual({
      name: 'brand1',
      built_in: true,
      properties: {},
      fonts: null,
      logo_url: null,
    });
    // Another brand's theme is not this session's.
    const foreign = AppearanceResponse.parse(
      (await request(server, 'GET', `${base}?theme=theirs`, session.id)).body,
    );
    expect(foreign.theme).toBeNull();
    const bad = await request(server, 'GET', `${base}?theme=Bad%20Name`, session.id);
    expect(bad.status).toBe(400);
    expect(errorFields(bad.body).field).toBe('query.theme');
    const anonymous = await request(server, 'GET', base, null);
    expect(anonymous.status).toBe(401);
    expect(errorFields(anonymous.body).code).toBe('17');
  });
});
