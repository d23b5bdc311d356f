import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchAppearance } from '../api/prefetch';
import { applyTheme, readAppearance, themeRenders } from './appearance';
import type { Appearance } from './appearance';
import { appearanceThemeOf, readStartup, withSessionTheme } from '../startup/startup';

function startupAt(address: string) {
  return readStartup({
    address,
    windowWidth: 800,
    windowHeight: 600,
    userAgent: 'test',
    inFrame: true,
  });
}

const SUMMER: Appearance = {
  theme: {
    name: 'summer-26',
    built_in: false,
    properties: { '--cd-color-primary': '#7a1fa2', '--cd-radius': '20px' },
    fonts: "'Open Sans', serif",
    logo_url: '/api/cashier-service/v1.0/appearance/logos/ab',
  },
  language: 'de',
  texts: { 'FIELDS.AMOUNT.MAX_HINT': 'Höchstens {{amount}}' },
};

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.removeAttribute('style');
  localStorage.clear();
});

describe('the brand theme at run time (SPEC §2 theme gate, the appearance answer)', () => {
  it('renders a built-in theme, or a theme the appearance answer has (SPEC §2 gate)', () => {
    const custom = startupAt('https://cashier.test/deposit?theme=summer-26');
    expect(custom.themeSupported).toBe(false);
    expect(themeRenders(custom, SUMMER)).toBe(true);
    expect(themeRenders(custom, { ...SUMMER, theme: null })).toBe(false);
    const other = startupAt('https://cashier.test/deposit?theme=winter');
    expect(themeRenders(other, SUMMER)).toBe(false);
    expect(themeRenders(startupAt('https://cashier.test/deposit?theme=brand1'), null)).toBe(true);
    expect(
      themeRenders(startupAt('https://cashier.test/deposit?theme=brand1'), {
        ...SUMMER,
        theme: null,
      }),
    ).toBe(true);
  });

  it('renders in the built-in look when there is no answer at all (expired session, network)', () => {
    expect(themeRenders(startupAt('https://cashier.test/deposit?theme=summer-26'), null)).toBe(
      true,
    );
  });

  it('sets the known properties and the font stack with the CSSOM, nothing else', () => {
    applyTheme(document.body, SUMMER);
    expect(document.body.style.getPropertyValue('--cd-color-primary')).toBe('#7a1fa2');
    expect(document.body.style.getPropertyValue('--cd-radius')).toBe('20px');
    expect(document.body.style.getPropertyValue('--cd-font')).toBe("'Open Sans', serif");
    expect(document.querySelectorAll('style')).toHaveLength(0);
  });

  it('leaves the page as it is without a theme', () => {
    applyTheme(document.body, null);
    applyTheme(document.body, { ...SUMMER, theme: null });
    expect(document.body.getAttribute('style')).toBeNull();
  });

  it('reads the prefetched answer through the contract schema, once', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(Response.json(SUMMER)));
    prefetchAppearance('s-1', 'de', 'summer-26');
    expect(await readAppearance()).toEqual(SUMMER);
    expect(await readAppearance()).toBeNull();
  });

  it("SPEC §2: opened without a theme (embed SDK, a bare address), the brand's default theme applies", async () => {
    const fetchStub = vi.fn<typeof fetch>().mockResolvedValue(Response.json(SUMMER));
    vi.stubGlobal('fetch', fetchStub);
    const startup = startupAt('https://cashier.test/deposit?session_id=s-1&lang=de');
    prefetchAppearance('s-1', 'de', appearanceThemeOf(startup));
    expect(fetchStub.mock.calls[0]?.[0]).toBe('/api/cashier-service/v1.0/appearance?lang=de');
    const appearance = await readAppearance();
    const themed = withSessionTheme(startup, appearance?.theme?.name ?? null);
    expect(themed.theme.theme).toBe('summer-26');
    expect(themed.body.themeName).toBe('summer-26');
    expect(themeRenders(themed, appearance)).toBe(true);
  });

  it('falls back to nothing on a failed, refused or malformed answer', async () => {
    const answers = [
      Promise.reject(new TypeError('offline')),
      Promise.resolve(Response.json({ error_code: '17' }, { status: 401 })),
      Promise.resolve(Response.json({ theme: 'x' })),
      // A value outside the grammar (an address to load), or a property the widget lacks.
      Promise.resolve(
        Response.json({
          ...SUMMER,
          theme: { ...SUMMER.theme, properties: { '--cd-color-bg': 'url(https://x.test/a.png)' } },
        }),
      ),
      Promise.resolve(
        Response.json({
          ...SUMMER,
          theme: { ...SUMMER.theme, properties: { '--not-ours': 'red' } },
        }),
      ),
      Promise.resolve(new Response('not json')),
    ];
    for (const answer of answers) {
      answer.catch(() => undefined);
      vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockReturnValue(answer));
      prefetchAppearance('s-1', 'de', 'summer-26');
      expect(await readAppearance()).toBeNull();
    }
  });
});

describe("the document's inlined appearance (startup/inlined-data.ts)", () => {
  const ANSWER = { theme: null, language: 'ar', texts: { 'APP.TITLE': 'x' } };
  it('appearance: a refused inlined answer is read from the API instead', async () => {
    const fetchStub = vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify(ANSWER)));
    vi.stubGlobal('fetch', fetchStub);
    prefetchAppearance('s-1', 'ar', null, { answer: { theme: 'x' }, sessionExpiresInMs: 1 });
    expect(await readAppearance()).toEqual(ANSWER);
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('appearance: a valid inlined answer needs no call', async () => {
    const fetchStub = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchStub);
    prefetchAppearance('s-1', 'ar', null, { answer: ANSWER, sessionExpiresInMs: 1 });
    expect(await readAppearance()).toEqual(ANSWER);
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
