import { afterEach, describe, expect, it } from 'vitest';
import {
  appearanceThemeOf,
  applyBodyAttributes,
  readStartup,
  rememberStartup,
  withSessionTheme,
} from './startup';

function startupAt(address: string, inFrame = true) {
  return readStartup({ address, windowWidth: 800, windowHeight: 600, userAgent: 'test', inFrame });
}

afterEach(() => {
  localStorage.clear();
});

describe('start-up parameters (SPEC §2 start-up)', () => {
  it('reads session, language, brand and flow from the address', () => {
    const startup = startupAt(
      'https://cashier.test/withdrawal?session_id=s-1&lang=uk-XX&pay_group=7&width=360',
    );
    expect(startup.params.sessionId).toBe('s-1');
    expect(startup.params.brand).toBe('XX');
    expect(startup.params.preselectedPayGroupId).toBe('7');
    expect(startup.params.parentWidth).toBe(360);
    expect(startup.language).toBe('uk');
    expect(startup.page.flow).toBe('withdrawal');
  });

  it('reads cashier_session_id when session_id is absent (SPEC §1)', () => {
    expect(startupAt('https://cashier.test/deposit?cashier_session_id=c-2').params.sessionId).toBe(
      'c-2',
    );
  });

  it('falls back to the most recent stored session (SPEC §1 stored state)', () => {
    rememberStartup(startupAt('https://cashier.test/deposit?session_id=first'));
    rememberStartup(startupAt('https://cashier.test/deposit?session_id=second'));
    expect(startupAt('https://cashier.test/deposit').params.sessionId).toBe('second');
    expect(JSON.parse(localStorage.getItem('phPrevSessionIdData') ?? '[]')).toEqual([
      'second',
      'first',
    ]);
  });

  it('keeps at most 10 previous sessions (SPEC §4, §9)', () => {
    for (let index = 0; index < 12; index += 1) {
      rememberStartup(startupAt(`https://cashier.test/deposit?session_id=s${index}`));
    }
    const list: unknown = JSON.parse(localStorage.getItem('phPrevSessionIdData') ?? '[]');
    expect(list).toEqual(['s11', 's10', 's9', 's8', 's7', 's6', 's5', 's4', 's3', 's2']);
  });

  it('uses English texts for a language that is not shipped, keeping the request', () => {
    const startup = startupAt('https://cashier.test/deposit?lang=fr-XX');
    expect(startup.requestedLanguage).toBe('fr');
    expect(startup.language).toBe('en');
  });

  it('asks to open in a new tab when cashier_in_new_tab is set (SPEC §2)', () => {
    expect(
      startupAt('https://cashier.test/deposit?session_id=a&cashier_in_new_tab=1').newTab,
    ).toEqual({
      action: 'redirect',
      address: 'https://cashier.test/deposit?session_id=a',
    });
  });
});

describe('theme (SPEC §2)', () => {
  it('takes the theme from the query and remembers it', () => {
    const startup = startupAt('https://cashier.test/deposit?theme=brand1');
    expect(startup.theme).toEqual({ theme: 'brand1', source: 'query' });
    rememberStartup(startup);
    expect(startupAt('https://cashier.test/deposit').theme).toEqual({
      theme: 'brand1',
      source: 'stored',
    });
  });

  it('defaults to brand0 and gates unsupported themes', () => {
    expect(startupAt('https://cashier.test/deposit').theme.theme).toBe('brand0');
    expect(startupAt('https://cashier.test/deposit').themeSupported).toBe(true);
    expect(startupAt('https://cashier.test/deposit?theme=brand77').themeSupported).toBe(false);
  });

  it("SPEC §2: the default is the session's theme (the brand's default), not brand0", () => {
    const plain = startupAt('https://cashier.test/deposit?session_id=s-1');
    // The appearance call asks for no theme, so the server answers the session's.
    expect(appearanceThemeOf(plain)).toBeNull();
    const themed = withSessionTheme(plain, 'summer-26');
    expect(themed.theme).toEqual({ theme: 'summer-26', source: 'default' });
    expect(themed.body.themeName).toBe('summer-26');
    expect(themed.body.definedTheme).toBeUndefined();
    expect(themed.themeSupported).toBe(false);
    expect(withSessionTheme(plain, 'brand1').themeSupported).toBe(true);
    // No session theme in the answer (no answer, or a theme since deleted): brand0 stays.
    expect(withSessionTheme(plain, null)).toBe(plain);
  });

  it('SPEC §2: a theme of the query, else the stored one, still wins over the session theme', () => {
    const asked = startupAt('https://cashier.test/deposit?session_id=s-1&theme=brand1');
    expect(appearanceThemeOf(asked)).toBe('brand1');
    expect(withSessionTheme(asked, 'summer-26')).toBe(asked);
    rememberStartup(asked);
    const stored = startupAt('https://cashier.test/deposit?session_id=s-1');
    expect(appearanceThemeOf(stored)).toBe('brand1');
    expect(withSessionTheme(stored, 'summer-26').theme).toEqual({
      theme: 'brand1',
      source: 'stored',
    });
  });
});

describe('body data attributes (SPEC §2)', () => {
  it('writes themeName, definedTheme and dir, and mirrors the document for Arabic', () => {
    const startup = startupAt('https://cashier.test/deposit?theme=brand1&lang=ar-XX');
    applyBodyAttributes(document.body, startup.body);
    expect(document.body.dataset.themeName).toBe('brand1');
    expect(document.body.dataset.definedTheme).toBe('brand1');
    expect(document.body.dataset.dir).toBe('rtl');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('removes attributes that no longer apply', () => {
    applyBodyAttributes(document.body, { themeName: 'brand0', dir: 'ltr', definedTheme: 'x' });
    applyBodyAttributes(document.body, { themeName: 'brand0', dir: 'ltr' });
    expect(document.body.hasAttribute('data-defined-theme')).toBe(false);
    expect(document.body.dir).toBe('ltr');
  });
});
