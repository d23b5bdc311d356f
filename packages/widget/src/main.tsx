/**
 * The shell: the only code the first paint of the cashier needs (React, the start-up reading of
 * the domain, the skeleton and the live regions). It starts the init call at once and loads the
 * app (store, router, translations, screens) as a separate chunk while the skeleton shows.
 *
 * @packageDocumentation
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { setClientEnvironment } from './api/client-environment';
import { prefetchAppearance, prefetchInit } from './api/prefetch';
import { preloadScreenCode } from './app/screen-code';
import { applyLayoutProperties } from './ui/layout-properties';
import { loadApp, Shell } from './app/shell';
import {
  appearanceThemeOf,
  applyBodyAttributes,
  readStartup,
  rememberStartup,
} from './startup/startup';
import type { Startup } from './startup/startup';
import { hostOrigin, requestRedirectTo } from './host/host-bridge';
import { needsHostStorage } from './storage/stored-text';
import { preloadMessages } from './i18n/messages';
import {
  inlinedAppearanceFor,
  inlinedInitFor,
  readInlinedPageData,
  readRenderedFirstScreen,
} from './startup/inlined-data';
import './themes/base.css';
import './themes/themes.css';

/**
 * Whether the page hydrates the server's render of its first screen: only in a build made with
 * VITE_HYDRATE_SERVER_SCREEN=true. Under load, pages opened one after another in a browser
 * sometimes never showed their screen after hydrating; until that is understood the page renders
 * afresh over the server's HTML (which still paints first).
 */
const HYDRATE_SERVER_SCREEN = String(import.meta.env.VITE_HYDRATE_SERVER_SCREEN) === 'true';

/** Reads the start-up state and renders the first screen (or hydrates the server's). */
function start(): void {
  const startup = readStartup({
    address: window.location.href,
    windowWidth: window.innerWidth,
    windowHeight: window.innerHeight,
    userAgent: window.navigator.userAgent,
    inFrame: window.parent !== window,
  });
  // SPEC §1: every call says where it comes from; a native app's bridge hears the host.
  setClientEnvironment(startup.environment);

  if (startup.newTab.action === 'redirect') {
    // SPEC §2: cashier_in_new_tab asks the parent to open the cashier without the flag and renders nothing.
    requestRedirectTo(startup.newTab.address);
  } else {
    applyBodyAttributes(document.body, startup.body);
    document.documentElement.lang = startup.language;
    // SPEC §9: the domain's layout figures, which the stylesheets read, before the first paint.
    applyLayoutProperties(document.documentElement);
    rememberStartup(startup);
    const { sessionId } = startup.params;
    // The brand's theme and texts come beside init; any theme name may be the brand's,
    // so the calls start whatever the theme (the app gates the screen once the answer is there).
    // Without a theme of the address or the stored one, the session's theme is asked for (the
    // brand's default: app/appearance.ts withSessionTheme).
    // The document carries these answers when the server knew the session (startup/inlined-data.ts):
    // then no call starts, unless the stored state asks for another language or theme.
    const inlined = readInlinedPageData(document);
    if (sessionId !== null) {
      const lang = startup.requestedLanguage;
      const theme = appearanceThemeOf(startup);
      prefetchAppearance(sessionId, lang, theme, inlinedAppearanceFor(inlined, lang, theme));
    }
    if (sessionId !== null && startup.page.kind === startup.page.flow) {
      const { flow } = startup.page;
      prefetchInit(flow, sessionId, inlinedInitFor(inlined, flow));
    }
    // The app chunk, the texts of the player's language and the code of the screen the address
    // opens all download side by side: none of them has to wait for another to run first.
    loadApp().catch(() => undefined);
    preloadMessages(startup.language);
    if (sessionId !== null) preloadScreenCode(window.location.href);
    const container = document.getElementById('root');
    const rendered = readRenderedFirstScreen(document);
    const init = inlinedInitFor(inlined, startup.page.flow);
    if (container === null) {
      // Nothing to render into.
    } else if (rendered === null || init === null || !HYDRATE_SERVER_SCREEN) {
      renderShell(container, startup);
    } else {
      // #root holds the server's render of the first screen: it is hydrated once the app's code
      // has decided the page would render the same (app/first-screen.ts), else rendered afresh.
      loadApp().then(
        (app) => {
          const hydration = app.hydrationOf(startup, init.answer, rendered);
          if (hydration === null) {
            renderShell(container, startup);
            return;
          }
          app.enterFirstScreen(hydration, sessionId);
          hydrateRoot(
            container,
            <StrictMode>
              <Shell startup={startup} seed={hydration.seed} />
            </StrictMode>,
          );
        },
        () => {
          renderShell(container, startup);
        },
      );
    }
  }
}

/** The shell rendered afresh (no server render to hydrate). */
function renderShell(container: HTMLElement, startup: Startup): void {
  createRoot(container).render(
    <StrictMode>
      <Shell startup={startup} />
    </StrictMode>,
  );
}

// SPEC §7: in a brand's frame whose own storage the browser denies, the values the embed kept for
// the cashier arrive first (storage/relay.ts, loaded only then); everywhere else the cashier
// starts at once.
const host = hostOrigin(window);
if (needsHostStorage(window, host)) {
  void import('./storage/relay')
    .then((relay) => relay.connectHostStorage(window, host))
    .catch(() => undefined)
    .then(start);
} else {
  start();
}
