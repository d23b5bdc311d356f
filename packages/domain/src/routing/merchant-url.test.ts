import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMerchantUrl, normaliseMerchantUrl } from './merchant-url';

describe('merchant URL check (SPEC §2 redirect after finishing)', () => {
  it.each([
    ['https://m.example.com/back?x=1#h', 'https://m.example.com/back?x=1#h'],
    ['HTTP://M.Example.com', 'http://m.example.com/'],
    ['m.example.com/en', 'https://m.example.com/en'],
    ['//m.example.com/en', 'https://m.example.com/en'],
    ['localhost:3000/back', 'https://localhost:3000/back'],
    ['  https://m.example.com  ', 'https://m.example.com/'],
    ['https://[::1]:8443/x', 'https://[::1]:8443/x'],
    ['https://m_1.example.com', 'https://m_1.example.com/'],
    ['back', 'https://back/'],
  ])('%j is %j', (value, expected) => {
    expect(normaliseMerchantUrl(value)).toBe(expected);
  });

  it.each([
    // Ports: defaults dropped, others kept; a scheme-less host:port gets https.
    ['https://m.example.com:443/x', 'https://m.example.com/x'],
    ['http://m.example.com:80/x', 'http://m.example.com/x'],
    ['http://m.example.com:443/x', 'http://m.example.com:443/x'],
    ['https://m.example.com:8443/x', 'https://m.example.com:8443/x'],
    ['m.example.com:443/x', 'https://m.example.com/x'],
    ['LOCALHOST:3000', 'https://localhost:3000/'],
    ['127.0.0.1:8080/cb', 'https://127.0.0.1:8080/cb'],
    // A "scheme" followed by a port is a host: the result is an https URL, never javascript:.
    ['javascript:8080', 'https://javascript:8080/'],
    // IDN hosts become punycode; raw non-ASCII is percent-encoded.
    [
      'https://Bücher.example/zurück?q=ä#ö',
      'https://xn--bcher-kva.example/zur%C3%BCck?q=%C3%A4#%C3%B6',
    ],
    ['bücher.example', 'https://xn--bcher-kva.example/'],
    // Host forms the URL standard normalises.
    ['https://M.EXAMPLE.com', 'https://m.example.com/'],
    ['https://%6D.example.com', 'https://m.example.com/'],
    ['https://0x7f.1/', 'https://127.0.0.1/'],
    // Dot segments are resolved, raw quotes and brackets percent-encoded.
    ['https://m.example.com/a/../b/./c', 'https://m.example.com/b/c'],
    ['https://m.example.com/"<x>"?a=\'"', 'https://m.example.com/%22%3Cx%3E%22?a=%27%22'],
    // Missing slashes and an empty user-info are repaired by the standard, and the result is
    // the repaired URL, so the checked and the navigated URL are the same.
    ['https:///m.example.com/x', 'https://m.example.com/x'],
    ['https:m.example.com/x', 'https://m.example.com/x'],
    ['https://@m.example.com/x', 'https://m.example.com/x'],
  ])('normalises %j to %j as the URL standard does', (value, expected) => {
    expect(normaliseMerchantUrl(value)).toBe(expected);
  });

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript://comment%0Aalert(1)'],
    ['data:text/html,<script>'],
    ['ftp://m.example.com'],
    ['https://m example.com'],
    ['https://m.example.com/a b'],
    ['https://exa<mple.com'],
    ['https://'],
    ['/back'],
    ['../back'],
    [''],
    ['   '],
    [null],
    [42],
  ])('%j is rejected', (value) => {
    expect(normaliseMerchantUrl(value)).toBeNull();
  });

  it.each([
    // Script and other non-web schemes, in any case and spacing.
    ['JAVASCRIPT:alert(1)'],
    ['javascript://%0aalert(1)'],
    ['javascript:/m.example.com'],
    ['  javascript:alert(1)'],
    ['vbscript:msgbox(1)'],
    ['data:text/html;base64,PHNjcmlwdD4='],
    ['DATA:,x'],
    ['file:///etc/passwd'],
    ['mailto:a@b.example'],
    ['blob:https://m.example.com/7e0b'],
    ['ws://m.example.com'],
    ['foo:'],
    // User-info, which shows one name and goes to another host.
    ['https://m.example.com@evil.example'],
    ['https://user:pw@m.example.com'],
    ['https://:pw@m.example.com'],
    ['m.example.com@evil.example/x'],
    ['//m.example.com@evil.example'],
    ['https://m.example.com%2F@evil.example'],
    ['mailto:m.example.com@evil.example'],
    // Backslashes, which browsers read as slashes and other parsers do not.
    ['https:\\\\evil.example'],
    ['https://m.example.com\\@evil.example'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['https://m.example.com/a\\b'],
    // Tabs, newlines and other control characters inside the URL.
    ['java\tscript:alert(1)'],
    ['java\nscript:alert(1)'],
    ['https://m.example.com/\nx'],
    ['https://ex\tample.com'],
    ['https://m.example.com/\u0000'],
    ['\u0001https://m.example.com'],
    ['https://m.example.com/\u007f'],
    ['https://m.example.com/\u00a0x'],
    // Empty or malformed hosts and ports.
    ['https:///'],
    ['https://..'],
    ['https://./x'],
    ['./back'],
    ['https://a..b.example'],
    ['https://.m.example.com'],
    ['https://m.example.com.'],
    ['https://a"b.example'],
    ['https://a{b}.example'],
    ['https://m.example.com:65536'],
    ['https://m.example.com:x'],
    ['https://[::1'],
    ['//'],
    ['?x=1'],
    ['#x'],
  ])('the tricky %j is rejected', (value) => {
    expect(normaliseMerchantUrl(value)).toBeNull();
  });

  it('only ever returns http or https URLs without user-info (SPEC §2)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const url = normaliseMerchantUrl(value);
        expect(url === null || /^https?:\/\/[a-z0-9_.[\]:-]+(?:[/?#]|$)/.test(url)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('accepts every web URL as the URL standard serialises it, and is idempotent (SPEC §2)', () => {
    fc.assert(
      fc.property(
        fc.webUrl({ withQueryParameters: true, withFragments: true }),
        fc.constantFrom('', 'HTTPS://', '//'),
        (url, prefix) => {
          const expected = new URL(url).href;
          const value = prefix === '' ? url : `${prefix}${url.replace(/^https?:\/\//, '')}`;
          const normalised = normaliseMerchantUrl(value);
          expect(normalised).toBe(prefix === '' ? expected : expected.replace(/^http:/, 'https:'));
          expect(normaliseMerchantUrl(normalised)).toBe(normalised);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('merchant URL builder (SPEC §2 redirect helper)', () => {
  it.each([
    ['https://casino.example.com/en/account/wallet?tab=1', {}, 'https://casino.example.com/en'],
    ['casino.example.com', {}, 'https://casino.example.com/'],
    ['casino.example.com/en/account', {}, 'https://casino.example.com/en'],
    ['http://casino.example.com/a/b/c#x', {}, 'http://casino.example.com/a'],
    ['https://casino.example.com:8443/en/x', {}, 'https://casino.example.com:8443/en'],
    ['https://casino.example.com:443/en/x', {}, 'https://casino.example.com/en'],
    ['https://Bücher.example/zurück/x', {}, 'https://xn--bcher-kva.example/zur%C3%BCck'],
    ['https://casino.example.com/a/../b/c', {}, 'https://casino.example.com/b'],
    ['//casino.example.com/en/x', {}, 'https://casino.example.com/en'],
    [
      'https://casino.example.com/sport/x',
      { isError: true, lang: 'DE' },
      'https://casino.example.com/sport/de/deposit',
    ],
    [
      'https://casino.example.com/?x=1',
      { isError: true, lang: 'ar' },
      'https://casino.example.com/ar/deposit',
    ],
    [
      'casino.example.com',
      { isError: true, lang: 'bad-lang' },
      'https://casino.example.com/en/deposit',
    ],
    ['casino.example.com', { isError: true }, 'https://casino.example.com/en/deposit'],
    ['casino.example.com', { isError: false, lang: 'de' }, 'https://casino.example.com/'],
  ])('SPEC §2: %j with %j is %j', (value, options, expected) => {
    expect(buildMerchantUrl(value, options)).toBe(expected);
  });

  it.each([
    ['javascript:alert(1)'],
    [''],
    [undefined],
    ['https://a b'],
    ['https://casino.example.com@evil.example/en'],
    ['data:text/html,x'],
    ['https:\\\\evil.example/en'],
  ])('malformed %j gives null', (value) => {
    expect(buildMerchantUrl(value, { isError: true, lang: 'en' })).toBeNull();
  });
});
