/**
 * SPEC §7 GET {host}/assets/icons/{theme}/ic_24_{name}.svg on the real server: the icons the
 * widget draws inline, from the same one set, with the right-to-left variant of the icons
 * rtlAssets.json lists; 404 for anything else, 400 for a malformed address, limited per client
 * address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@cashdesk/contract';
import { ICON_PATHS } from '@cashdesk/domain';
import { startTestServer } from './harness';
import type { TestServer } from './harness';

const ICON_CALLS = 40;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { ICON_CALLS_PER_ADDRESS: String(ICON_CALLS) } });
});

afterAll(async () => {
  await server.close();
});

function get(path: string) {
  return fetch(`${server.baseUrl}${path}`);
}

describe('icon addresses (SPEC §7 /assets/icons/{theme}/ic_24_{name}.svg)', () => {
  it('SPEC §7: answers every icon of the widget, as the one drawing it shows inline', async () => {
    for (const [name, path] of Object.entries(ICON_PATHS)) {
      const answer = await get(`/assets/icons/brand0/ic_24_${name}.svg`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(answer.headers.get('cache-control')).toBe('public, max-age=86400');
      // A brand's page of another origin may show them.
      expect(answer.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      const svg = await answer.text();
      expect(svg).toContain(`<path d="${path}"/>`);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="24" height="24"/);
    }
  });

  it('SPEC §7: the right-to-left variant of a listed icon is mirrored; an unlisted one has none', async () => {
    const rtl = await get('/assets/icons/brand1/ic_24_chevron_right_rtl.svg');
    expect(rtl.status).toBe(200);
    expect(await rtl.text()).toContain('<g transform="matrix(-1 0 0 1 24 0)">');
    const unlisted = await get('/assets/icons/brand1/ic_24_close_rtl.svg');
    expect(unlisted.status).toBe(404);
  });

  it('answers 404 (1008) for an icon that does not exist and 400 for a malformed address', async () => {
    const missing = await get('/assets/icons/brand0/ic_24_rocket.svg');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error_code: ERROR_CODES.notFound.code });
    for (const path of [
      '/assets/icons/Brand%200/ic_24_close.svg',
      '/assets/icons/brand0/ic_24_close.png',
      '/assets/icons/brand0/ic_24_..%2Fclose.svg',
    ]) {
      const answer = await get(path);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ error_code: ERROR_CODES.invalidField.code });
    }
  });

  it('is limited per client address: past the window’s calls 429 (1013)', async () => {
    const statuses: number[] = [];
    for (let call = 0; call <= ICON_CALLS; call += 1) {
      statuses.push((await get('/assets/icons/brand0/ic_24_check.svg')).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(ICON_CALLS);
  });
});
