import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import type { FirstScreenSeed } from './first-screen';
import { Skeleton } from '../ui/skeleton';
import type { ShippedLanguage, Startup } from '../startup/startup';

/**
 * The loading label before the translations arrive: three strings are cheaper in the first
 * chunk than the i18n library (they are also in the locale files as SHELL.LOADING).
 */
const LOADING_LABEL: Readonly<Record<ShippedLanguage, string>> = {
  en: 'Loading the cashier…',
  ar: 'جارٍ تحميل الخزينة…',
  uk: 'Завантаження каси…',
};

/** The app chunk; main.tsx starts it before the first render, the shell renders it. */
export function loadApp() {
  return import('./app');
}

const App = lazy(() => loadApp().then((module) => ({ default: module.App })));

/**
 * The first render: the skeleton of index.html again (now with a translated label) until the
 * app has loaded. The live regions are outside #root, in index.html.
 */
export function Shell({
  startup,
  seed = null,
  children,
}: {
  readonly startup: Startup;
  /** The init answer of the server's first screen, when the page hydrates it. */
  readonly seed?: FirstScreenSeed | null;
  /** The app itself in the server's render (server-entry.tsx); the lazy app on the page. */
  readonly children?: ReactNode;
}) {
  const fallback = (
    <main className="cd-app" id="cashier-main">
      <Skeleton label={LOADING_LABEL[startup.language]} />
    </main>
  );
  return (
    <Suspense fallback={fallback}>{children ?? <App startup={startup} seed={seed} />}</Suspense>
  );
}
