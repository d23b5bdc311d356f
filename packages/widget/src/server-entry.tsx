/**
 * The widget's server entry: the cashier-service renders the first screen of a homepage (/deposit,
 * /withdrawal) into the cashier's document with it, from the answers it inlines there, and the
 * page hydrates that HTML (main.tsx). Built by Vite in SSR mode (`vite.server.config.ts`) into
 * `dist-server/`, an artefact the server loads from the built files at run time, so that the
 * server and the widget never import each other's sources.
 *
 * The render is the page's own first render: the same tree (the shell's Suspense boundary around
 * the app, app/app.tsx AppView), the same store seeded with the same init answer
 * (app/first-screen.ts), the texts with the brand's overrides, and the automatic method choice
 * decided before the render (method-list/first-choice.ts) with no stored state, which the page
 * checks against its own before it hydrates. What it cannot render the same way it leaves to the
 * page (null): another page than a homepage, no init or appearance answer, a brand theme with its
 * own properties (they are set with the CSSOM on the page).
 *
 * @packageDocumentation
 */
import { AppearanceResponse } from '@cashdesk/contract';
import type { FirstScreen, FirstScreenRequest } from '@cashdesk/contract';
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { AppView, readyOf } from './app/app';
import type { Appearance } from './app/appearance';
import type { ErrorReporter } from './app/error-reporter';
import { firstScreenSeed, seedStore } from './app/first-screen';
import { Shell } from './app/shell';
import { setNumberLanguage } from './i18n/format';
import { createI18n } from './i18n/i18n';
import { firstChoice, isHomepage, listOf, waitsForWallets } from './method-list/first-choice';
import { inlinedAppearanceFor, inlinedInitFor, pageDataOf } from './startup/inlined-data';
import { SCREEN_CODE } from './app/screen-code';
import { appearanceThemeOf, readStartup, SHIPPED_LANGUAGES } from './startup/startup';
import type { ShippedLanguage } from './startup/startup';
import { createAppStore } from './store/store';

/** A render never waits longer than this for a lazy part; the page renders the rest. */
const RENDER_TIMEOUT_MS = 2000;

/** Texts per language and brand overrides, kept (they are brand-level, not the player's). */
const MAX_KEPT_TEXTS = 64;
const keptTexts = new Map<string, Promise<I18n>>();

function textsFor(language: ShippedLanguage, appearance: Appearance | null): Promise<I18n> {
  const key = `${language}\n${JSON.stringify(appearance?.texts ?? {})}`;
  let kept = keptTexts.get(key);
  if (kept === undefined) {
    if (keptTexts.size >= MAX_KEPT_TEXTS) keptTexts.clear();
    kept = createI18n(language);
    keptTexts.set(key, kept);
  }
  return kept;
}

/** The server's render reports nothing: a render error leaves the page to render. */
const NO_REPORTS: ErrorReporter = {
  traceSampled: false,
  breadcrumb: () => undefined,
  breadcrumbs: () => [],
  report: () => undefined,
  settled: () => Promise.resolve(),
};

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

/** One render at a time: the number language is the app's (i18n/format.ts), set per render. */
let queue: Promise<unknown> = Promise.resolve();

function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const result = queue.then(work, work);
  queue = result.catch(() => undefined);
  return result;
}

function appearanceOf(answer: unknown): Appearance | null {
  const parsed = AppearanceResponse.safeParse(answer);
  return parsed.success ? parsed.data : null;
}

/**
 * Loads what a first render needs (the homepages' and method pages' code, the shipped texts), so
 * that the first page served after a start renders as fast as the later ones.
 */
export async function warmUp(): Promise<void> {
  await Promise.all([
    SCREEN_CODE.deposit(),
    SCREEN_CODE.withdrawal(),
    ...SHIPPED_LANGUAGES.map((language) => textsFor(language, null)),
  ]);
}

/** Renders the first screen (see the module comment), or null when the page renders it. */
export async function renderFirstScreen(request: FirstScreenRequest): Promise<FirstScreen | null> {
  const data = pageDataOf(JSON.parse(request.pageData));
  const shellStartup = readStartup({
    address: request.address,
    windowWidth: 0,
    windowHeight: 0,
    userAgent: request.userAgent,
    inFrame: true,
  });
  const { flow } = shellStartup.page;
  if (shellStartup.newTab.action === 'redirect' || !isHomepage(request.address)) return null;
  const init = inlinedInitFor(data, flow);
  const seed = init === null ? null : firstScreenSeed(flow, init.answer);
  const inlinedAppearance = inlinedAppearanceFor(
    data,
    shellStartup.requestedLanguage,
    appearanceThemeOf(shellStartup),
  );
  const appearance = inlinedAppearance === null ? null : appearanceOf(inlinedAppearance.answer);
  if (seed === null || appearance === null) return null;
  if (appearance.theme !== null && Object.keys(appearance.theme.properties).length > 0) return null;
  const i18n = await textsFor(shellStartup.language, appearance);
  const { startup } = readyOf(shellStartup, i18n, appearance);
  const list = listOf(flow, seed.init);
  if (waitsForWallets(list, startup.environment)) return null;
  const choice = firstChoice({
    flow,
    list,
    environment: startup.environment,
    preselectedPayGroup: startup.params.preselectedPayGroupId,
    lastUsedMethodId: null,
    selectedMethodId: null,
    skipLastUsed: false,
  });
  const address = new URL(request.address);
  const location = `${choice?.path ?? address.pathname}${address.search}`;
  const store = createAppStore(startup);
  seedStore(store, seed);
  const Router = ({ children }: { readonly children: ReactNode }) => (
    <StaticRouter location={location}>{children}</StaticRouter>
  );
  const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
  // A part that fails on the server would be rendered again by the page, which reports the
  // difference: the page renders the whole screen instead.
  const failures: unknown[] = [];
  const html = await oneAtATime(async () => {
    setNumberLanguage(startup.requestedLanguage);
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <Shell startup={shellStartup}>
          <AppView
            startup={startup}
            appearance={appearance}
            i18n={i18n}
            store={store}
            reporter={NO_REPORTS}
            Router={Router}
          />
        </Shell>
      </StrictMode>,
      {
        signal,
        onError: (error: unknown) => {
          failures.push(error);
        },
      },
    );
    return streamText(prelude);
  });
  // A render cut short holds loading placeholders the page would replace: the page renders.
  if (signal.aborted || failures.length > 0) return null;
  const { body } = startup;
  const bodyAttributes: Record<string, string> = {
    dir: body.dir,
    'data-dir': body.dir,
    'data-theme-name': body.themeName,
  };
  if (body.definedTheme !== undefined) bodyAttributes['data-defined-theme'] = body.definedTheme;
  return {
    html,
    path: choice?.path ?? null,
    environment: startup.environment,
    lang: Object.keys(appearance.texts).length > 0 ? appearance.language : startup.language,
    dir: body.dir,
    bodyAttributes,
  };
}
