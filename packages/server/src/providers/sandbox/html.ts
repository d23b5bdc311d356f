/**
 * The small HTML shell of the sandbox's pages (3-D Secure challenge, interaction page): one
 * self-contained document, no external assets, every value escaped, so it renders the same in the
 * cashier's frame and in a new tab. Its one script only tells a parent window its height.
 *
 * @packageDocumentation
 */
import { HOST_MESSAGE_TARGET } from '@cashdesk/domain';

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * Whether a URL may go into a form action or a redirect: absolute http(s), or a path on the same
 * origin. Refuses `javascript:` and other schemes, protocol-relative `//host` addresses and
 * addresses with control characters or backslashes (which browsers read as slashes).
 */
export function isSafeUrl(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (url === '' || /[\u0000-\u001f\u007f\\]/.test(url)) return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  return /^https?:\/\/[^/?#]/i.test(url);
}

/** A label and its value in the page's summary list. */
export interface PageDetail {
  readonly term: string;
  readonly value: string;
}

/** A submit button of the page's form. */
export interface PageButton {
  /** Visible text, also the accessible name. */
  readonly label: string;
  /** The value posted as the form's choice field. */
  readonly value: string;
  /** The first choice gets focus when the page opens. */
  readonly primary?: boolean;
}

/** Everything a sandbox page shows. */
export interface SandboxPageInput {
  /** The document title and heading. */
  readonly title: string;
  /** One sentence under the heading. */
  readonly intro: string;
  readonly details: readonly PageDetail[];
  /** Where the form posts; must pass {@link isSafeUrl}. */
  readonly action: string;
  /** Extra hidden fields of the form (e.g. a CSRF token). */
  readonly hiddenFields?: Readonly<Record<string, string>> | undefined;
  /** The name of the field carrying the chosen button's value. */
  readonly choiceName: string;
  /** The fieldset's legend: what the buttons decide. */
  readonly legend: string;
  readonly buttons: readonly PageButton[];
  /** A CSP nonce for the inline style and script, when the server sends a nonce-based policy. */
  readonly nonce?: string | undefined;
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#f4f5f7}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
.badge{display:inline-block;margin:0 0 .75rem;padding:.125rem .5rem;border-radius:.25rem;background:#fff3c4;color:#5c4400;font-size:.875rem}
h1{margin:0 0 .5rem;font-size:1.375rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:1rem 0;padding:1rem;border-radius:.5rem;background:#fff}
dt{color:#4a5260}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
fieldset{margin:0;padding:0;border:0}
legend{margin-bottom:.5rem;font-weight:600}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
button{flex:1 1 8rem;min-height:2.75rem;padding:.5rem 1rem;border:2px solid #1d4ed8;border-radius:.5rem;background:#fff;color:#1d4ed8;font:inherit;font-weight:600;cursor:pointer}
button.primary{background:#1d4ed8;color:#fff}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
`;

/**
 * The page's one script. Shown in a host page's auto-height cashier frame (the provider page an
 * alternative payment opens in the cashier's place), the page tells its parent its content height
 * as the widget does (the domain's `resize` host message), so the frame fits it instead of keeping
 * the height of the form before it and a large blank area under the page. It reads nothing but the
 * page's height, posts nothing else (a height is no secret, so to any origin) and does nothing as
 * the top page.
 */
export const SANDBOX_HEIGHT_SCRIPT = `(() => {
const parent = window.parent;
if (parent === window) return;
let last = 0;
const post = () => {
const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
if (height < 1 || height === last) return;
last = height;
parent.postMessage(JSON.stringify({ target: ${JSON.stringify(HOST_MESSAGE_TARGET)}, type: 'resize', height }), '*');
};
post();
if ('ResizeObserver' in window) new ResizeObserver(post).observe(document.documentElement);
})();`;

/**
 * Renders a sandbox page: a language-tagged document with a heading, a summary list and a form
 * whose buttons post the choice. The first primary button is focused on load (autofocus), so a
 * keyboard user can answer at once. English only: the sandbox is a developer tool.
 *
 * @throws {RangeError} when `action` is not a safe URL: a programming error, never user input.
 */
export function renderSandboxPage(input: SandboxPageInput): string {
  if (!isSafeUrl(input.action)) {
    throw new RangeError('The sandbox page form action must be an http(s) URL or a path.');
  }
  const nonce = input.nonce === undefined ? '' : ` nonce="${escapeHtml(input.nonce)}"`;
  const details = input.details
    .map((detail) => `<dt>${escapeHtml(detail.term)}</dt><dd>${escapeHtml(detail.value)}</dd>`)
    .join('\n');
  const hidden = Object.entries(input.hiddenFields ?? {})
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('\n');
  const focusIndex = Math.max(
    0,
    input.buttons.findIndex((button) => button.primary === true),
  );
  const buttons = input.buttons
    .map((button, index) => {
      const primary = button.primary === true ? ' class="primary"' : '';
      const autofocus = index === focusIndex ? ' autofocus' : '';
      return `<button type="submit" name="${escapeHtml(input.choiceName)}" value="${escapeHtml(button.value)}"${primary}${autofocus}>${escapeHtml(button.label)}</button>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(input.title)}</title>
<style${nonce}>${STYLE}</style>
</head>
<body>
<main aria-labelledby="page-title">
<p class="badge">Sandbox: no real money moves</p>
<h1 id="page-title">${escapeHtml(input.title)}</h1>
<p>${escapeHtml(input.intro)}</p>
<dl>
${details}
</dl>
<form method="post" action="${escapeHtml(input.action)}" target="_self">
${hidden}
<fieldset>
<legend>${escapeHtml(input.legend)}</legend>
<div class="actions">
${buttons}
</div>
</fieldset>
</form>
</main>
<script${nonce}>${SANDBOX_HEIGHT_SCRIPT}</script>
</body>
</html>
`;
}
