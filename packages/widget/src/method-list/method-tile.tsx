import { isMethodDisabled, ICON_SIZE_REGULAR_BUTTON } from '@cashdesk/domain';
import type { CurrencyDisplayFormat, Method } from '@cashdesk/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/icon';
import { ServerName, ServerText } from '../ui/server-text';
import { MethodLogo } from './method-logo';
import { restrictionText, ribbonText, summaryLine } from './method-summary';

export interface MethodTileProps {
  readonly method: Method;
  /** SPEC §3 currency display format of the brand. */
  readonly display: CurrencyDisplayFormat;
  /** "Now" to the minute, for the restriction message. */
  readonly now: number;
  /** Show the bonus description: the method has a bonus of its own, not only the general one. */
  readonly showBonus: boolean;
  readonly onChoose: (method: Method) => void;
}

/**
 * SPEC §2 homepage method tile: a button with the logo, the display name, the summary line
 * (SPEC §9), the lost-profit ribbon and the bonus (SPEC §5), and for a disabled method the
 * restriction message (SPEC §4) or an unavailable note. A disabled tile stays focusable so its
 * message can be read, is marked aria-disabled, and swallows the click (SPEC §4).
 */
export function MethodTile({ method, display, now, showBonus, onChoose }: MethodTileProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const style = { display };
  const disabled = isMethodDisabled(method);
  const summary = summaryLine(method, t, i18n, style);
  const ribbon = ribbonText(method, t, style);
  const restriction = disabled ? restrictionText(method, now, t) : null;
  const note = disabled ? (restriction ?? t('DEPOSIT_HOME.METHOD_UNAVAILABLE')) : null;
  const bonus = showBonus ? (method.bonus?.description ?? null) : null;
  // The name is every visible text of the tile, in reading order (WCAG label in name): the
  // method name first, so the list reads "Visa / Mastercard, Min. 5.00 EUR • Instant …".
  const labelledBy = [
    `${id}-name`,
    summary === '' ? null : `${id}-summary`,
    bonus === null ? null : `${id}-bonus`,
    note === null ? null : `${id}-note`,
    ribbon === null ? null : `${id}-ribbon`,
  ]
    .filter((part) => part !== null)
    .join(' ');
  return (
    <button
      type="button"
      className={disabled ? 'cd-dh-tile cd-dh-tile--disabled' : 'cd-dh-tile'}
      aria-disabled={disabled ? true : undefined}
      aria-labelledby={labelledBy}
      data-method-id={method.id}
      onClick={() => {
        onChoose(method);
      }}
    >
      <MethodLogo method={method} />
      <span className="cd-dh-tile__body">
        <span className="cd-dh-tile__name" id={`${id}-name`}>
          <ServerName name={method.displayName} />
        </span>{' '}
        {summary === '' ? null : (
          <span className="cd-dh-tile__summary" id={`${id}-summary`}>
            {summary}
          </span>
        )}{' '}
        {bonus === null ? null : (
          <span className="cd-dh-tile__bonus" id={`${id}-bonus`}>
            <ServerText text={bonus} />
          </span>
        )}{' '}
        {note === null ? null : (
          <span className="cd-dh-tile__note" id={`${id}-note`}>
            {note}
          </span>
        )}{' '}
      </span>
      {/* The spaces above keep the texts apart in the button's text content (label in name). */}
      {ribbon === null ? null : (
        <span className="cd-dh-tile__ribbon" id={`${id}-ribbon`}>
          {ribbon}
        </span>
      )}
      {disabled ? null : <Icon name="chevron_right" size={ICON_SIZE_REGULAR_BUTTON} />}
    </button>
  );
}
