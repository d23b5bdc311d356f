/**
 * The first screen of a homepage rendered into the cashier's document by the widget's server
 * entry: a build artefact of the widget (`packages/widget/dist-server/server-entry.js`, built
 * beside `dist/` by the widget's build), loaded from the built files when the widget is served,
 * so that the server and the widget never import each other's sources. The page hydrates the
 * HTML (the widget's main.tsx); without the artefact (a server run beside a widget built without
 * it) the document is index.html and the page renders as it always did.
 *
 * The render takes the JSON the document inlines (widget-page-data.ts) and answers #root's HTML,
 * the `<html>` language and direction, the `<body>` attributes, and what it decided (the method
 * page the automatic choice opened, the environment), which the document carries in a second
 * data block for the page to check before it hydrates.
 *
 * @packageDocumentation
 */
import { existsSync } from 'node:fs';
import type { FirstScreen, FirstScreenRequest } from '@cashdesk/contract';
import { pathToFileURL } from 'node:url';
import { isRecord } from '../platform/is-record';
import { escapeJsonForScript } from './widget-page-data';

/** The id of the block saying which first screen #root holds (the widget reads it by this id). */
export const FIRST_SCREEN_ELEMENT_ID = 'cd-first-screen';

/** Renders a first screen, or answers null when the page renders it. */
export type FirstScreenRenderer = (request: FirstScreenRequest) => Promise<FirstScreen | null>;

function textRecord(value: unknown): Readonly<Record<string, string>> | null {
  if (!isRecord(value)) return null;
  const entries = Object.entries(value);
  if (!entries.every(([, item]) => typeof item === 'string')) return null;
  return Object.fromEntries(entries.map(([key, item]) => [key, String(item)]));
}

function environmentOf(value: unknown): FirstScreen['environment'] | null {
  const record = textRecord(value);
  if (record === null) return null;
  const { channel, platform, device } = record;
  if (channel === undefined || platform === undefined || device === undefined) return null;
  return { channel, platform, device };
}

/** The render's answer when it has the shape of {@link FirstScreen}; null otherwise. */
function firstScreenOf(value: unknown): FirstScreen | null {
  if (!isRecord(value)) return null;
  const { html, path, lang, dir } = value;
  const environment = environmentOf(value.environment);
  const bodyAttributes = textRecord(value.bodyAttributes);
  if (typeof html !== 'string' || typeof lang !== 'string') return null;
  if (path !== null && typeof path !== 'string') return null;
  if (dir !== 'ltr' && dir !== 'rtl') return null;
  if (environment === null || bodyAttributes === null) return null;
  return { html, path, environment, lang, dir, bodyAttributes };
}

/**
 * Loads the server entry at `file`; null when there is no such file (the widget was built without
 * it). A file that does not export `renderFirstScreen` is an error of the build.
 */
export async function loadFirstScreenRenderer(file: string): Promise<FirstScreenRenderer | null> {
  if (!existsSync(file)) return null;
  const entry: unknown = await import(pathToFileURL(file).href);
  const render: unknown = isRecord(entry) ? entry.renderFirstScreen : undefined;
  if (typeof render !== 'function') {
    throw new Error(`${file} does not export renderFirstScreen`);
  }
  // The first page served renders as fast as the later ones (its code and texts are loaded).
  const warmUp: unknown = isRecord(entry) ? entry.warmUp : undefined;
  if (typeof warmUp === 'function') await Reflect.apply(warmUp, undefined, []);
  return async (request) => {
    const answer: unknown = await Reflect.apply(render, undefined, [request]);
    return firstScreenOf(answer);
  };
}

/** An attribute's value as HTML writes it between double quotes. */
function attributeValue(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function attributes(record: Readonly<Record<string, string>>): string {
  return Object.entries(record)
    .filter(([name]) => /^[a-z][a-z0-9-]*$/.test(name))
    .map(([name, value]) => ` ${name}="${attributeValue(value)}"`)
    .join('');
}

const ROOT_OPEN = '<div id="root">';

/**
 * index.html with the first screen in #root (its skeleton replaced), the `<html>` and `<body>`
 * attributes set, and the block that names the screen before `</body>`; null when the template
 * has no #root as its last element.
 */
export function documentWithFirstScreen(html: string, screen: FirstScreen): string | null {
  const bodyEnd = html.lastIndexOf('</body>');
  const rootStart = html.indexOf(ROOT_OPEN);
  const rootEnd = html.lastIndexOf('</div>', bodyEnd);
  if (bodyEnd === -1 || rootStart === -1 || rootEnd < rootStart) return null;
  const decided = JSON.stringify({ path: screen.path, environment: screen.environment });
  const block = `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${escapeJsonForScript(decided)}</script>`;
  const page =
    `${html.slice(0, rootStart)}${ROOT_OPEN}${screen.html}${html.slice(rootEnd, bodyEnd)}` +
    `${block}${html.slice(bodyEnd)}`;
  return page
    .replace(/<html\b[^>]*>/i, `<html${attributes({ lang: screen.lang, dir: screen.dir })}>`)
    .replace(/<body\b[^>]*>/i, `<body${attributes(screen.bodyAttributes)}>`);
}
