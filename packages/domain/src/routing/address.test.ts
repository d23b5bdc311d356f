import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressPath,
  addressQuery,
  addressText,
  hasQueryParam,
  parseAddress,
  parseQuery,
  parseUrl,
  pathSegments,
  removeQueryParam,
  resolveAddress,
  safeDecode,
  setQueryParam,
} from './address';

describe('parseAddress (SPEC §2 start-up address reading)', () => {
  it.each([
    [
      'https://Pay.Example.com/deposit?lang=en#top',
      { scheme: 'https', host: 'pay.example.com', path: '/deposit', query: 'lang=en', hash: 'top' },
    ],
    [
      'HTTP://user:pw@host:8080',
      { scheme: 'http', host: 'host:8080', path: '/', query: '', hash: '' },
    ],
    [
      '//cdn.example.com/a',
      { scheme: null, host: 'cdn.example.com', path: '/a', query: '', hash: '' },
    ],
    [
      '/withdrawal/visa?x=1',
      { scheme: null, host: null, path: '/withdrawal/visa', query: 'x=1', hash: '' },
    ],
    // A relative path is resolved against the root, as the browser resolves it on a root page.
    ['deposit', { scheme: null, host: null, path: '/deposit', query: '', hash: '' }],
    [
      '/deposit/../withdrawal/./visa/%2e%2e/bank',
      { scheme: null, host: null, path: '/withdrawal/bank', query: '', hash: '' },
    ],
    [
      'javascript:alert(1)',
      { scheme: 'javascript', host: null, path: 'alert(1)', query: '', hash: '' },
    ],
    [
      'JavaScript://comment%0Aalert(1)',
      { scheme: 'javascript', host: 'comment%0Aalert(1)', path: '', query: '', hash: '' },
    ],
    [
      'data:text/html,<script>',
      { scheme: 'data', host: null, path: 'text/html,<script>', query: '', hash: '' },
    ],
    [
      '/a#frag?not-query',
      { scheme: null, host: null, path: '/a', query: '', hash: 'frag?not-query' },
    ],
    [
      { href: ' https://a.b/c ' },
      { scheme: 'https', host: 'a.b', path: '/c', query: '', hash: '' },
    ],
    // The URL standard skips extra slashes after an http(s) scheme.
    ['https:///path', { scheme: 'https', host: 'path', path: '/', query: '', hash: '' }],
  ])('reads %j', (input, expected) => {
    expect(parseAddress(input)).toEqual(expected);
  });

  it.each([
    // IDN hosts become punycode; raw non-ASCII and spaces are percent-encoded.
    [
      'https://Bücher.example/zurück?q=ä b#ö',
      {
        scheme: 'https',
        host: 'xn--bcher-kva.example',
        path: '/zur%C3%BCck',
        query: 'q=%C3%A4%20b',
        hash: '%C3%B6',
      },
    ],
    // Default ports are dropped, others kept; a scheme-relative address is read as https.
    ['https://a.b:443/x', { scheme: 'https', host: 'a.b', path: '/x', query: '', hash: '' }],
    ['http://a.b:443/x', { scheme: 'http', host: 'a.b:443', path: '/x', query: '', hash: '' }],
    ['//a.b:443/x', { scheme: null, host: 'a.b', path: '/x', query: '', hash: '' }],
    [
      'https://[::1]:8443/',
      { scheme: 'https', host: '[::1]:8443', path: '/', query: '', hash: '' },
    ],
    // User-info is never part of the host: the host is what comes after the last @.
    [
      'https://pay.example.com@evil.example/x',
      { scheme: 'https', host: 'evil.example', path: '/x', query: '', hash: '' },
    ],
    // `\` is `/` in http(s) addresses, so each of these goes where the browser would go.
    [
      'https:\\\\evil.example\\x',
      { scheme: 'https', host: 'evil.example', path: '/x', query: '', hash: '' },
    ],
    [
      'https://pay.example.com\\@evil.example',
      { scheme: 'https', host: 'pay.example.com', path: '/@evil.example', query: '', hash: '' },
    ],
    ['/\\evil.example/x', { scheme: null, host: 'evil.example', path: '/x', query: '', hash: '' }],
    // Tabs and newlines are removed anywhere, as the browser does before navigating.
    [
      'java\tscript:alert(1)',
      { scheme: 'javascript', host: null, path: 'alert(1)', query: '', hash: '' },
    ],
    [
      'https://ex\nample.com/de\tposit?a=\r1',
      { scheme: 'https', host: 'example.com', path: '/deposit', query: 'a=1', hash: '' },
    ],
  ])('reads the tricky %j as the URL standard does', (input, expected) => {
    expect(parseAddress(input)).toEqual(expected);
  });

  it.each([
    [''],
    ['   '],
    [null],
    [42],
    [{}],
    [{ href: 3 }],
    ['https://a b/c'],
    ['https://'],
    ['https://a.b:65536/'],
    ['https://a.b:8o/'],
    ['//a b/c'],
    ['http://[::1/'],
    ['https://exa<mple.com'],
  ])('gives null for %j', (input) => {
    expect(parseAddress(input)).toBeNull();
  });

  it('never throws on any string (SPEC §2 bad values never throw)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(() => parseAddress(text)).not.toThrow();
        expect(() => addressQuery(text)).not.toThrow();
        expect(() => removeQueryParam(text, 'x')).not.toThrow();
        expect(() => setQueryParam(text, 'x', text)).not.toThrow();
      }),
      { numRuns: 100 },
    );
  });

  it('gives every http(s) address a host (SPEC §2)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseAddress(`https://${text}`);
        expect(parsed === null || (parsed.host !== null && parsed.host !== '')).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe('URL reading helpers (SPEC §2)', () => {
  it.each([
    ['https://a.b/x', undefined, 'https://a.b/x'],
    ['/x?y=1', 'https://base.example', 'https://base.example/x?y=1'],
    ['/x', undefined, null],
    ['https://a b', undefined, null],
  ])('parseUrl(%j, %j) is %j', (text, base, expected) => {
    expect(parseUrl(text, base)?.href ?? null).toBe(expected);
  });

  it.each([
    ['https://a.b/x', 'absolute', 'https://a.b/x'],
    ['mailto:a@b.example', 'absolute', 'mailto:a@b.example'],
    ['//a.b/x', 'scheme-relative', 'https://a.b/x'],
    ['/x', 'path', 'https://cashdesk.invalid/x'],
    ['?x=1', 'path', 'https://cashdesk.invalid/?x=1'],
  ])('resolveAddress(%j) is %s: %j', (input, form, href) => {
    const resolved = resolveAddress(input);
    expect(resolved?.form).toBe(form);
    expect(resolved?.url.href).toBe(href);
  });

  it('resolveAddress gives null for no address (SPEC §2)', () => {
    expect(resolveAddress('')).toBeNull();
    expect(resolveAddress('//a b/')).toBeNull();
    expect(resolveAddress(7)).toBeNull();
  });
});

describe('address helpers (SPEC §2)', () => {
  it.each([
    ['https://a.b/deposit/visa?x=1', '/deposit/visa'],
    ['/cards', '/cards'],
    ['/a b/ä', '/a%20b/%C3%A4'],
    [undefined, ''],
  ])('addressPath(%j) is %j', (input, expected) => {
    expect(addressPath(input)).toBe(expected);
  });

  it.each([
    ['abc', 'abc'],
    [{ href: 'x' }, 'x'],
    [5, null],
    [{ href: null }, null],
  ])('addressText(%j) is %j', (input, expected) => {
    expect(addressText(input)).toBe(expected);
  });

  it.each([
    ['/deposit//visa/', ['deposit', 'visa']],
    ['/a%20b/%E0%A4%A', ['a b', '%E0%A4%A']],
    ['', []],
  ])('pathSegments(%j) is %j', (path, expected) => {
    expect(pathSegments(path)).toEqual(expected);
  });

  it('reads the segments of a raw path as written (SPEC §2)', () => {
    expect(pathSegments(addressPath('/Zurück/a b'))).toEqual(['Zurück', 'a b']);
  });

  it.each([
    ['a%2Fb', 'a/b'],
    ['%', '%'],
  ])('safeDecode(%j) is %j', (input, expected) => {
    expect(safeDecode(input)).toBe(expected);
  });
});

describe('query parameters (SPEC §2)', () => {
  it('reads names and values with form decoding; first occurrence wins', () => {
    const params = parseQuery('?a=1&b=x+y&a=2&flag&c=%E2%82%AC&&d=%ZZ&=empty');
    expect([...params.entries()]).toEqual([
      ['a', '1'],
      ['b', 'x y'],
      ['flag', ''],
      ['c', '€'],
      ['d', '%ZZ'],
      ['', 'empty'],
    ]);
  });

  it('reads an escape that is not UTF-8 as U+FFFD, as URLSearchParams does (SPEC §2)', () => {
    expect(parseQuery('a=%FF&b=%E0%A4%A').get('a')).toBe('\uFFFD');
    expect(parseQuery('a=%FF&b=%E0%A4%A').get('b')).toBe('\uFFFD%A');
  });

  it('reads the query of a whole address, and nothing from a non-address', () => {
    expect(addressQuery('https://a.b/x?session_id=s1#h').get('session_id')).toBe('s1');
    expect(addressQuery('/x?a=1&a=2&lang=en+GB').get('a')).toBe('1');
    expect(addressQuery('/x?a=1&a=2&lang=en+GB').get('lang')).toBe('en GB');
    expect(addressQuery('/x?q=ä b').get('q')).toBe('ä b');
    expect(addressQuery(null).size).toBe(0);
    expect(addressQuery('https://a b/?x=1').size).toBe(0);
  });

  it.each([
    ['/x?flag', 'flag', true],
    ['/x?flag=0', 'flag', true],
    ['/x?fl%61g', 'flag', true],
    ['/x?flags=1', 'flag', false],
    ['/x#flag', 'flag', false],
    ['/x#?flag', 'flag', false],
  ])('hasQueryParam(%j, %j) is %j', (address, name, expected) => {
    expect(hasQueryParam(address, name)).toBe(expected);
  });

  it.each([
    ['https://a.b/d?x=1&drop=1#h', 'drop', 'https://a.b/d?x=1#h'],
    ['https://a.b/d?drop=1', 'drop', 'https://a.b/d'],
    // Once a parameter is removed, the rest is written the way URLSearchParams writes it.
    ['/d?drop&x=%20&drop=2&y', 'drop', '/d?x=+&y='],
    ['/d?x=1', 'drop', '/d?x=1'],
    ['/d?x=%20&flag', 'drop', '/d?x=%20&flag'],
    ['/d?dr%6Fp=1&x=1', 'drop', '/d?x=1'],
    ['//cdn.a.b/d?drop=1&x=2', 'drop', '//cdn.a.b/d?x=2'],
    ['//u:p@cdn.a.b/d?drop=1', 'drop', '//u:p@cdn.a.b/d'],
    ['d?drop=1', 'drop', '/d'],
    [{ href: ' https://a.b/?drop=1 ' }, 'drop', 'https://a.b/'],
    [
      'https://Bücher.example/ä?drop=1&q=ä',
      'drop',
      'https://xn--bcher-kva.example/%C3%A4?q=%C3%A4',
    ],
    ['javascript:alert(1)?drop=1', 'drop', 'javascript:alert(1)'],
    // Input that is no address comes back as its trimmed text.
    [' https://a b/?drop=1 ', 'drop', 'https://a b/?drop=1'],
  ])('removeQueryParam(%j, %j) is %j', (address, name, expected) => {
    expect(removeQueryParam(address, name)).toBe(expected);
  });

  it.each([
    ['/d', 'theme', 'brand1', true, '/d?theme=brand1'],
    ['/d?x=1#h', 'theme', 'a b', true, '/d?x=1&theme=a+b#h'],
    ['/d?theme=old&x=1', 'theme', 'new', true, '/d?x=1&theme=new'],
    ['/d?theme=old', 'theme', 'new', false, '/d?theme=old'],
    ['/d?x=1', 'theme', 'new', false, '/d?x=1&theme=new'],
    ['/d', 'a&b=c', 'x=y&z#', true, '/d?a%26b%3Dc=x%3Dy%26z%23'],
    ['https://a.b', 'x', '1', true, 'https://a.b/?x=1'],
    ['/d', 'x', '\uD800', true, '/d?x=%EF%BF%BD'],
    ['', 'x', '1', true, ''],
    ['https://a b', 'x', '1', true, 'https://a b'],
  ])('setQueryParam(%j, %j, %j, replace %j) is %j', (address, name, value, replace, expected) => {
    expect(setQueryParam(address, name, value, replace)).toBe(expected);
  });

  it('round-trips any value through setQueryParam and parseQuery (SPEC §2)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        fc.string({ unit: 'grapheme', minLength: 1 }),
        (value, name) => {
          expect(addressQuery(setQueryParam('/p?z=1', name, value)).get(name)).toBe(value);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('removes every occurrence of a parameter and keeps the others (SPEC §2)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        fc.string({ unit: 'grapheme', minLength: 1 }),
        (value, name) => {
          const withParam = setQueryParam(`/p?${encodeURIComponent(name)}=0&keep=1`, name, value);
          const without = removeQueryParam(withParam, name);
          expect(hasQueryParam(without, name)).toBe(false);
          expect(addressQuery(without).get('keep')).toBe(name === 'keep' ? undefined : '1');
        },
      ),
      { numRuns: 100 },
    );
  });
});
