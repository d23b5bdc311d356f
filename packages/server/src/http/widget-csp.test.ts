import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashSource, inlineSourceHashes, widgetPageDirectives } from './widget-csp';

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

describe('inlineSourceHashes', () => {
  it('hashes inline scripts, style elements and style attributes, never scripts with src or JSON data', () => {
    const html = [
      '<!doctype html><html><head>',
      '<script type="module" crossorigin src="/assets/index-1.js"></script>',
      '<script>window.a = 1;</script>',
      '<script type=\'application/json\' id="boot">{"x":1}</script>',
      '<style>.a{color:red}</style>',
      '<!-- <script>commented()</script> -->',
      '</head><body><div style="display:none"></div><p style=\'color:blue\'></p>',
      '<script>window.a = 1;</script><script src="/x.js"> </script><script></script>',
      '</body></html>',
    ].join('\n');
    expect(inlineSourceHashes(html)).toEqual({
      // A JSON data block (the page's inlined answers) never runs: no source to allow.
      scripts: [sha256('window.a = 1;')],
      styles: [sha256('.a{color:red}')],
      styleAttributes: [sha256('display:none'), sha256('color:blue')],
    });
    expect(hashSource('é')).toBe(sha256('é'));
  });

  it('finds nothing in a page of external files', () => {
    expect(
      inlineSourceHashes('<html><script type="module" src="/assets/a.js"></script></html>'),
    ).toEqual({ scripts: [], styles: [], styleAttributes: [] });
  });
});

describe('widgetPageDirectives', () => {
  const none = { scripts: [], styles: [], styleAttributes: [] };

  it('allows only what the widget needs, and frame-ancestors from self and the given origins', () => {
    const directives = widgetPageDirectives({
      inline: none,
      frameAncestors: ['https://brand.example', 'https://brand.example'],
      providerOrigins: ['http://127.0.0.1:8091'],
      production: false,
    });
    expect(directives).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'https:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'frame-src': ["'self'", 'https:', 'http://127.0.0.1:8091'],
      'form-action': ["'self'", 'https:', 'http://127.0.0.1:8091'],
      'object-src': ["'none'"],
      'worker-src': ["'none'"],
      'base-uri': ["'self'"],
      'frame-ancestors': ["'self'", 'https://brand.example'],
    });
  });

  it("adds the page's inline hashes, 'unsafe-hashes' only for style attributes, and upgrades in production", () => {
    const directives = widgetPageDirectives({
      inline: { scripts: ["'sha256-a'"], styles: ["'sha256-b'"], styleAttributes: ["'sha256-c'"] },
      frameAncestors: [],
      providerOrigins: [],
      production: true,
    });
    expect(directives['script-src']).toEqual(["'self'", "'sha256-a'"]);
    expect(directives['style-src']).toEqual([
      "'self'",
      "'sha256-b'",
      "'unsafe-hashes'",
      "'sha256-c'",
    ]);
    expect(directives['frame-ancestors']).toEqual(["'self'"]);
    expect(directives['upgrade-insecure-requests']).toEqual([]);
  });
});
