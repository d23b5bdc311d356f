/**
 * The Content-Security-Policy of the widget page, the page that takes card numbers.
 *
 * What the widget needs, and so what the policy allows:
 * - scripts and styles from its own origin only (Vite's hashed files); an inline `<script>` or
 *   `<style>` of the built index.html only by its SHA-256, computed from the file when it is
 *   served ({@link inlineSourceHashes}), so no inline code runs that the build did not write;
 *   inline style attributes likewise by hash (`'unsafe-hashes'`). React sets element styles
 *   through the CSSOM, which a policy does not restrict;
 * - calls to its own origin (`connect-src 'self'`: the API, metrics, content, icons);
 * - images from its own origin, `data:` (the QR code, small inlined icons) and HTTPS (pay-group
 *   and brand logos may live on the operator's CDN); fonts from its own origin and `data:`;
 * - the 3-D Secure challenge of a card payment is framed inside the widget (pay session action
 *   `iframe`) and may be opened by a POST form targeting that frame; alternative payments and
 *   redirects navigate, and POST redirects submit a form. The bank's (ACS) or provider's page
 *   is on any HTTPS origin, so `frame-src` and `form-action` allow `'self'` and `https:`, plus
 *   the origins of this server's own provider pages (the sandbox) and of an HTTP provider, which
 *   may be plain http in a test set-up;
 * - nothing else: no plugins (`object-src 'none'`), no `<base>` to another origin, no workers;
 * - framing (`frame-ancestors`): the widget's own origin (the 3-D Secure return page is framed by
 *   the widget itself) and the host origins allowed for the page's session (its brand's
 *   `allowed_host_origins` and the operator's FRAME_ANCESTORS; widget-static.ts decides).
 * In production mode `upgrade-insecure-requests` is added.
 *
 * @packageDocumentation
 */
import { createHash } from 'node:crypto';

/** The hash sources of a page's inline code. */
export interface InlineSourceHashes {
  /** `'sha256-…'` of each inline `<script>` (one without `src`). */
  readonly scripts: readonly string[];
  /** `'sha256-…'` of each `<style>` element. */
  readonly styles: readonly string[];
  /** `'sha256-…'` of each `style="…"` attribute (allowed with `'unsafe-hashes'`). */
  readonly styleAttributes: readonly string[];
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const STYLE_ELEMENT = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
const STYLE_ATTRIBUTE = /\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const COMMENT = /<!--[\s\S]*?-->/g;
const HAS_SRC = /(?:^|\s)src\s*=/i;
/** A JSON data block (widget-page-data.ts): never run, so no script source to allow. */
const DATA_BLOCK = /(?:^|\s)type\s*=\s*["']?application\/json/i;

/** The CSP hash source of a text: `'sha256-<base64>'` of its UTF-8 bytes. */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** The hashes of the inline code of an HTML page (comments are skipped). */
export function inlineSourceHashes(html: string): InlineSourceHashes {
  const page = html.replace(COMMENT, '');
  const scripts = [...page.matchAll(INLINE_SCRIPT)]
    .filter(
      (match) =>
        !HAS_SRC.test(match[1] ?? '') &&
        !DATA_BLOCK.test(match[1] ?? '') &&
        (match[2] ?? '') !== '',
    )
    .map((match) => hashSource(match[2] ?? ''));
  const styles = [...page.matchAll(STYLE_ELEMENT)].map((match) => hashSource(match[1] ?? ''));
  const styleAttributes = [...page.matchAll(STYLE_ATTRIBUTE)].map((match) =>
    hashSource(match[1] ?? match[2] ?? ''),
  );
  return {
    scripts: unique(scripts),
    styles: unique(styles),
    styleAttributes: unique(styleAttributes),
  };
}

/** What {@link widgetPageDirectives} needs. */
export interface WidgetPolicyInput {
  readonly inline: InlineSourceHashes;
  /** Origins besides the widget's own that may frame the page (already checked origins). */
  readonly frameAncestors: readonly string[];
  /** Origins of provider pages besides `https:` (this server's sandbox pages, an HTTP provider). */
  readonly providerOrigins: readonly string[];
  readonly production: boolean;
}

/** The widget page's directives (see the module comment), for helmet's contentSecurityPolicy. */
export function widgetPageDirectives(input: WidgetPolicyInput): Record<string, string[]> {
  const { inline } = input;
  const styleSources = ["'self'", ...inline.styles];
  if (inline.styleAttributes.length > 0) {
    styleSources.push("'unsafe-hashes'", ...inline.styleAttributes);
  }
  const navigationTargets = unique(["'self'", 'https:', ...input.providerOrigins]);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inline.scripts],
    'style-src': unique(styleSources),
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': navigationTargets,
    'form-action': navigationTargets,
    'object-src': ["'none'"],
    'worker-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': unique(["'self'", ...input.frameAncestors]),
  };
  if (input.production) directives['upgrade-insecure-requests'] = [];
  return directives;
}
