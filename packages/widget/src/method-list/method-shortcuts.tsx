import { LOW_BUTTON_LABEL_MAX } from '@cashdesk/domain';
import type { CurrencyDisplayFormat, Method } from '@cashdesk/domain';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerName } from '../ui/server-text';
import { truncateLabel } from '../ui/truncate';
import { MethodLogo } from './method-logo';
import { ribbonText } from './method-summary';

export interface MethodShortcutsProps {
  /** The methods, already chosen by the domain (carouselMethods or quickSuggestions). */
  readonly methods: readonly Method[];
  readonly kind: 'carousel' | 'suggestions';
  /** SPEC §3 currency display format of the brand (the lost-profit ribbon's amount). */
  readonly display: CurrencyDisplayFormat;
  readonly onChoose: (method: Method) => void;
  /** Shown at the end of the heading's line (the carousel switch). */
  readonly action?: ReactNode;
}

/**
 * SPEC §2, §4: a short row of methods above the list: the carousel (at most 5 enabled methods
 * flagged for it, the method the player came back from first) or the quick suggestions (at most 2,
 * the last used method excluded). Both are a labelled list of buttons; the carousel scrolls
 * sideways on narrow screens, the suggestions wrap. On a phone the list leaves these methods out so
 * that each is offered once; a carousel shortcut therefore carries the lost-profit ribbon (SPEC §5)
 * its tile would. A suggestion is a low button (one line, a pill): SPEC §9 cuts its label at
 * {@link LOW_BUTTON_LABEL_MAX} characters with an ellipsis; the whole name stays its accessible
 * name and its tooltip (`title`).
 */
export function MethodShortcuts({
  methods,
  kind,
  display,
  onChoose,
  action,
}: MethodShortcutsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const title =
    kind === 'carousel' ? t('DEPOSIT_HOME.CAROUSEL.TITLE') : t('DEPOSIT_HOME.SUGGESTIONS.TITLE');
  return (
    <section className={`cd-dh-shortcuts cd-dh-shortcuts--${kind}`} aria-labelledby={headingId}>
      <div className="cd-dh-shortcuts__head">
        <h2 className="cd-dh-heading" id={headingId}>
          {title}
        </h2>
        {action}
      </div>
      <ul className="cd-dh-shortcuts__list">
        {methods.map((method) => {
          const ribbon = ribbonText(method, t, { display });
          const id = `${headingId}-${String(method.id)}`;
          const name = method.displayName;
          const shown = kind === 'suggestions' ? truncateLabel(name, LOW_BUTTON_LABEL_MAX) : name;
          return (
            <li key={method.id} className="cd-dh-shortcuts__item">
              {/* Named by its texts, as a list tile is: the method's name first, not the logo's. */}
              <button
                type="button"
                className="cd-dh-shortcut"
                data-method-id={method.id}
                aria-labelledby={ribbon === null ? `${id}-name` : `${id}-name ${id}-ribbon`}
                title={shown === name ? undefined : name}
                onClick={() => {
                  onChoose(method);
                }}
              >
                <MethodLogo method={method} />
                {shown === name ? (
                  <ServerName className="cd-dh-shortcut__name" id={`${id}-name`} name={name} />
                ) : (
                  <>
                    <bdi className="cd-dh-shortcut__name" aria-hidden="true">
                      {shown}
                    </bdi>
                    <ServerName className="cd-visually-hidden" id={`${id}-name`} name={name} />
                  </>
                )}{' '}
                {ribbon === null ? null : (
                  <span className="cd-dh-shortcut__ribbon" id={`${id}-ribbon`}>
                    {ribbon}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
