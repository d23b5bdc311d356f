import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * SPEC §2: the main screen is rendered only for a supported design theme: one this build ships
 * CSS for, or one of the brand's own themes that the appearance answer has
 * (app/appearance.ts themeRenders). An unknown theme (a host typo, a theme the brand does not
 * have) gets a clear message instead of an unstyled cashier.
 */
export function ThemeGate({
  supported,
  theme,
  children,
}: {
  readonly supported: boolean;
  readonly theme: string;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation();
  if (supported) return children;
  return (
    <main className="cd-app" id="cashier-main">
      <div className="cd-notice cd-notice--error" role="alert">
        <h1 className="cd-page-title">{t('APP.THEME_UNSUPPORTED.TITLE')}</h1>
        <p>{t('APP.THEME_UNSUPPORTED.TEXT', { theme })}</p>
      </div>
    </main>
  );
}
