import { lazy, Suspense } from 'react';
import { LiveRegions } from '../ui/live-region';
import { useAnnouncements } from '../ui/announcer';
import { Skeleton } from '../ui/skeleton';
import type { ShippedLanguage, Startup } from './startup';

/**
 * The loading label before the translations arrive: three strings are cheaper in the first
 * chunk than the i18n library (they are also in the locale files as SHELL.LOADING).
 */
const LOADING_LABEL: Readonly<Record<ShippedLanguage, string>> = {
  en: 'Loading the cashier…',
  ar: 'جارٍ تحميل الخزينة…',
  uk: 'Завантаження каси…',
};

const App = lazy(() => import('./app').then((module) => ({ default: module.App })));

function Regions() {
  const texts = useAnnouncements();
  return <LiveRegions polite={texts.polite} assertive={texts.assertive} />;
}

/** The first render: live regions, then the skeleton until the app has loaded. */
export function Shell({ startup }: { readonly startup: Startup }) {
  const fallback = (
    <main className="cd-app" id="cashier-main">
      <Skeleton label={LOADING_LABEL[startup.language]} />
    </main>
  );
  return (
    <>
      <Regions />
      <Suspense fallback={fallback}>
        <App startup={startup} />
      </Suspense>
    </>
  );
}
