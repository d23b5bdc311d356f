import type { Method } from '@cashdesk/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * SPEC §3 `logo` of a method (SPEC §8: an icon that cannot load falls back to a placeholder).
 * The placeholder is a neutral badge with the method name's first letter: the demo server has no
 * files under /assets/logos, and a broken-image icon tells the player nothing.
 */
export function MethodLogo({ method }: { readonly method: Method }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (method.logoUri === null || failed) {
    const initial = Array.from(method.displayName.trim())[0]?.toUpperCase() ?? '?';
    return (
      // The letter is drawn by CSS (attr(data-initial)): as text it would join the visible text
      // of the tile's button, which then no longer matches its accessible name (WCAG 2.5.3).
      <span className="cd-dh-logo cd-dh-logo--initial" data-initial={initial} aria-hidden="true" />
    );
  }
  return (
    <img
      className="cd-dh-logo"
      src={method.logoUri}
      alt={t('DEPOSIT_HOME.LOGO_ALT', { name: method.displayName })}
      width={40}
      height={40}
      loading="lazy"
      decoding="async"
      onError={() => {
        setFailed(true);
      }}
    />
  );
}
