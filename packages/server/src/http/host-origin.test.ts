import { describe, expect, it } from 'vitest';
import { hostOrigin, parseHostOrigins } from './host-origin';

describe('hostOrigin', () => {
  it('accepts plain http(s) origins and gives them as browsers compare them', () => {
    expect(hostOrigin('https://www.brand.example')).toBe('https://www.brand.example');
    expect(hostOrigin(' HTTPS://WWW.Brand.Example:443/ ')).toBe('https://www.brand.example');
    expect(hostOrigin('http://localhost:8081')).toBe('http://localhost:8081');
    expect(hostOrigin('http://[::1]:8081')).toBe('http://[::1]:8081');
  });

  it('refuses anything else: paths, queries, wildcards, credentials, keywords, other schemes', () => {
    for (const text of [
      '',
      '*',
      "'self'",
      'https://*.brand.example',
      'https://brand.example/cashier',
      'https://brand.example?x=1',
      'https://brand.example#top',
      'https://user@brand.example',
      'ftp://brand.example',
      'javascript:alert(1)',
      'brand.example',
      'https://brand.example; script-src *',
    ]) {
      expect(hostOrigin(text), text).toBeUndefined();
    }
  });

  it('splits a list on commas and white space, without repeats', () => {
    expect(
      parseHostOrigins('https://a.example, https://b.example\nhttps://a.example/ nope'),
    ).toEqual({ origins: ['https://a.example', 'https://b.example'], refused: ['nope'] });
  });
});
