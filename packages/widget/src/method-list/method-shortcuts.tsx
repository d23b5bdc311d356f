import type { Method } from '@cashdesk/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MethodLogo } from './method-logo';

export interface MethodShortcutsProps {
  /** The methods, already chosen by the domain (carouselMethods or quickSuggestions). */
  readonly methods: readonly Method[];
  readonly kind: 'carousel' | 'suggestions';
  readonly onChoose: (method: Method) => void;
}

/**
 * SPEC §2, §4: a short row of methods above the list: the carousel (at most 5 enabled methods
 * flagged for it, the method the player came back from first) or the quick suggestions (at most
 * 2, the last used method excluded). Both are a labelled list of buttons; the carousel scrolls
 * sideways on narrow screens, the suggestions wrap.
 */
export function MethodShortcuts({ methods, kind, onChoose }: MethodShortcutsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const title =
    kind === 'carousel' ? t('DEPOSIT_HOME.CAROUSEL.TITLE') : t('DEPOSIT_HOME.SUGGESTIONS.TITLE');
  return (
    <section className={`cd-dh-shortcuts cd-dh-shortcuts--${kind}`} aria-labelledby={headingId}>
      <h2 className="cd-dh-heading" id={headingId}>
        {title}
      </h2>
      <ul className="cd-dh-shortcuts__list">
        {methods.map((method) => (
          <li key={method.id} className="cd-dh-shortcuts__item">
            <button
              type="button"
              className="cd-dh-shortcut"
              data-method-id={method.id}
              onClick={() => {
                onChoose(method);
              }}
            >
              <MethodLogo method={method} />
              <bdi className="cd-dh-shortcut__name">{method.displayName}</bdi>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
