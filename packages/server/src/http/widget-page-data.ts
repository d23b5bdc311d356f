/**
 * The answers the widget's first screen needs, inlined into the cashier's document so that the
 * widget does not ask for them again once its code has arrived (one round trip fewer on a slow
 * mobile link). The widget page (widget-static.ts) asks the app's {@link WidgetPageData} source,
 * which the cashier module provides (modules/cashier/first-screen.ts), and writes its JSON into a
 * `<script type="application/json">` element: a data block, which the browser never runs, so the
 * page's Content-Security-Policy needs no hash or nonce for it.
 *
 * The JSON is escaped so that nothing in it can end the element or the document's parsing
 * differently from the JSON's own reading: `<`, `>` and `&` (no `</script>`, no `<!--`) and the
 * line separators U+2028 and U+2029 are written as `\uXXXX` escapes, which JSON.parse reads back
 * as the same characters.
 *
 * @packageDocumentation
 */
import type { FastifyRequest } from 'fastify';

/** The id of the data block; the widget reads it by this id (startup/inlined-data.ts). */
export const PAGE_DATA_ELEMENT_ID = 'cd-page-data';

/** What a page request gives the source: the request itself and the page's address. */
export interface WidgetPageRequest {
  readonly request: FastifyRequest;
  /** The page's address as the browser shows it (origin, path and query). */
  readonly address: string;
}

/**
 * Answers the JSON text to inline for a page request, or null when there is nothing to inline
 * (no session id, an unknown or expired session: the widget then calls the API as it always did).
 */
export type WidgetPageData = (page: WidgetPageRequest) => Promise<string | null>;

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/** `\uXXXX` of a character: JSON reads it back as the character itself. */
function unicodeEscape(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** JSON text made safe to stand inside a `<script>` element of an HTML document. */
export function escapeJsonForScript(json: string): string {
  return json.replace(UNSAFE_IN_SCRIPT, unicodeEscape);
}

/** The data block element holding `json` (escaped here). */
export function pageDataElement(json: string): string {
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${escapeJsonForScript(json)}</script>`;
}
