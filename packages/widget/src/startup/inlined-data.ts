/**
 * The answers the cashier-service inlined into the document for the first screen (its
 * widget-page-data.ts): a `<script type="application/json" id="cd-page-data">` that the server
 * writes for a page whose address names a live session. The shell hands them to the API slice and
 * the appearance reading as if they had come from the network (api/prefetch.ts), where the
 * contract's schemas check them like any answer; an answer they refuse is asked for again.
 *
 * Only the shape is checked here (the first-paint chunk carries no schemas): anything else, or no
 * element at all, reads as no inlined data, and the widget calls the API as it always did.
 *
 * @packageDocumentation
 */
import type { PaymentFlow } from '@cashdesk/domain';

/** The id of the data block (the server's PAGE_DATA_ELEMENT_ID). */
export const PAGE_DATA_ELEMENT_ID = 'cd-page-data';

/** The inlined init answer of a homepage. */
export interface InlinedInit {
  readonly flow: PaymentFlow;
  /** The answer's body, not yet checked against the contract. */
  readonly answer: unknown;
}

/** The inlined appearance answer and the query it answers. */
export interface InlinedAppearance {
  readonly lang: string;
  /** The theme asked for, or null for the session's own. */
  readonly theme: string | null;
  readonly answer: unknown;
}

/** What the document carried. */
export interface InlinedPageData {
  /** The session's time left when the document was written (an answer's x-session-expires-in). */
  readonly sessionExpiresInMs: number;
  readonly init: InlinedInit | null;
  readonly appearance: InlinedAppearance | null;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function initOf(value: unknown): InlinedInit | null {
  if (!isRecord(value) || !isRecord(value.answer)) return null;
  const { flow } = value;
  return flow === 'deposit' || flow === 'withdrawal' ? { flow, answer: value.answer } : null;
}

function appearanceOf(value: unknown): InlinedAppearance | null {
  if (!isRecord(value) || !isRecord(value.answer) || typeof value.lang !== 'string') return null;
  const { theme } = value;
  if (theme !== null && typeof theme !== 'string') return null;
  return { lang: value.lang, theme, answer: value.answer };
}

/** The JSON of a data block of `document`; undefined when it has none that reads. */
function dataBlock(document: Document, id: string): unknown {
  const text = document.getElementById(id)?.textContent;
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Reads the inlined data of `document`, or null when it has none that reads. */
export function readInlinedPageData(document: Document): InlinedPageData | null {
  return pageDataOf(dataBlock(document, PAGE_DATA_ELEMENT_ID));
}

/** The inlined data of a data block's JSON value (the server's render reads it too). */
export function pageDataOf(value: unknown): InlinedPageData | null {
  if (!isRecord(value)) return null;
  const expiresIn = value.session_expires_in;
  if (typeof expiresIn !== 'number' || !Number.isFinite(expiresIn) || expiresIn < 0) return null;
  return {
    sessionExpiresInMs: expiresIn,
    init: initOf(value.init),
    appearance: appearanceOf(value.appearance),
  };
}

/** An inlined answer as the prefetch takes it (api/prefetch.ts InlinedAnswer). */
export interface UsableAnswer {
  readonly answer: unknown;
  readonly sessionExpiresInMs: number;
}

/** The inlined init answer when it is the one of `flow`'s homepage; null otherwise. */
export function inlinedInitFor(
  data: InlinedPageData | null,
  flow: PaymentFlow,
): UsableAnswer | null {
  if (data?.init?.flow !== flow) return null;
  return { answer: data.init.answer, sessionExpiresInMs: data.sessionExpiresInMs };
}

/**
 * The inlined appearance answer when it answers the same language and theme the widget asks for
 * (the stored language or theme may ask for others than the address); null otherwise.
 */
export function inlinedAppearanceFor(
  data: InlinedPageData | null,
  lang: string,
  theme: string | null,
): UsableAnswer | null {
  const appearance = data?.appearance;
  if (appearance === undefined || appearance === null) return null;
  if (appearance.lang !== lang || appearance.theme !== theme) return null;
  return { answer: appearance.answer, sessionExpiresInMs: data?.sessionExpiresInMs ?? 0 };
}

/** The id of the block that says which first screen the server rendered into #root. */
export const FIRST_SCREEN_ELEMENT_ID = 'cd-first-screen';

/** What the server says of the first screen it rendered (app/first-screen.ts reads it). */
export interface RenderedFirstScreenData {
  /** The method page it rendered, or null for the homepage's list. */
  readonly path: string | null;
  readonly environment: {
    readonly channel: string;
    readonly platform: string;
    readonly device: string;
  };
}

/** The server's first screen of `document`, or null when #root holds no render of the server. */
export function readRenderedFirstScreen(document: Document): RenderedFirstScreenData | null {
  const value = dataBlock(document, FIRST_SCREEN_ELEMENT_ID);
  if (!isRecord(value) || !isRecord(value.environment)) return null;
  const { path } = value;
  const { channel, platform, device } = value.environment;
  if (path !== null && typeof path !== 'string') return null;
  if (typeof channel !== 'string' || typeof platform !== 'string' || typeof device !== 'string') {
    return null;
  }
  return { path, environment: { channel, platform, device } };
}
