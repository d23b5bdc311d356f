import { describe, expect, it } from 'vitest';
import { hostOriginOf } from './host-origin';

describe('the host page origin the widget posts to', () => {
  it.each([
    // The browser's ancestorOrigins wins over the query: it cannot be forged.
    [
      ['https://brand.example'],
      '/deposit?host_origin=https://other.example',
      'https://brand.example',
    ],
    [['https://brand.example', 'https://top.example'], '/deposit', 'https://brand.example'],
    // Hidden by the browser ("null") or missing: the SDK's parameter.
    [['null'], '/deposit?host_origin=https%3A%2F%2Fbrand.example', 'https://brand.example'],
    [
      undefined,
      'https://c.example/deposit?host_origin=http://localhost:8081/',
      'http://localhost:8081',
    ],
    [[], '/deposit?host_origin=https://brand.example/page?x=1', 'https://brand.example'],
    // Nothing usable: unknown.
    [undefined, '/deposit', null],
    [null, '/deposit?host_origin=javascript:alert(1)', null],
    [[], '/deposit?host_origin=*', null],
    [['file://x'], '/deposit?host_origin=', null],
  ])('ancestors %j with %s: %s', (ancestorOrigins, address, expected) => {
    expect(hostOriginOf({ ancestorOrigins, address })).toBe(expected);
  });
});
